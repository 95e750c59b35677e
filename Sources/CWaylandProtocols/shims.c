// Hand-written shims; see include/shims.h.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include "shims.h"

int gp_memfd_create_sealable(const char *name) {
  return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int gp_memfd_seal_shrink(int fd) {
  return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL);
}
