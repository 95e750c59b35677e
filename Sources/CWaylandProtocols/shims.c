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

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <errno.h>

int gp_termination_signalfd(void) {
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, SIGINT);
  sigaddset(&mask, SIGTERM);
  sigaddset(&mask, SIGHUP);
  if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
  return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

int gp_signalfd_read(int fd) {
  struct signalfd_siginfo info;
  ssize_t n = read(fd, &info, sizeof info);
  if (n == (ssize_t)sizeof info) return (int)info.ssi_signo;
  if (n < 0 && errno == EAGAIN) return 0;
  return -1;
}

#include <poll.h>
#include <time.h>

int gp_poll_ns(struct pollfd *fds, unsigned long count, int64_t timeout_ns) {
  if (timeout_ns < 0) return ppoll(fds, (nfds_t)count, NULL, NULL);
  struct timespec timeout = { .tv_sec = (time_t)(timeout_ns / 1000000000),
                              .tv_nsec = (long)(timeout_ns % 1000000000) };
  return ppoll(fds, (nfds_t)count, &timeout, NULL);
}
