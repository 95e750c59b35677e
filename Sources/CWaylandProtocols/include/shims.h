// Tiny C shims for what Swift cannot reach directly. Hand-written.
#pragma once
#include <stdint.h>

/// memfd_create(2) with MFD_CLOEXEC | MFD_ALLOW_SEALING. Glibc declares it only under
/// _GNU_SOURCE, which Swift's Glibc module is not built with. Returns -1 and sets errno
/// on failure.
int gp_memfd_create_sealable(const char *name);

/// Seals a memfd against shrinking and further sealing (F_SEAL_SHRINK | F_SEAL_SEAL), so
/// the compositor can trust its size. Returns 0, or -1 with errno set.
int gp_memfd_seal_shrink(int fd);
