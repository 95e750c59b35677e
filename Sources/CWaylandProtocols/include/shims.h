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

/// Blocks SIGINT, SIGTERM and SIGHUP for the calling thread and returns a non-blocking
/// signalfd(2) that becomes readable when one arrives, so the event loop can quit cleanly
/// from poll(2). signalfd is declared in <sys/signalfd.h>, which Swift's Glibc module does
/// not include. Returns -1 with errno set on failure.
int gp_termination_signalfd(void);

/// Reads one pending signal from a signalfd made by gp_termination_signalfd. Returns the
/// signal number, 0 if none is pending, or -1 with errno set.
int gp_signalfd_read(int fd);

struct pollfd;

/// poll(2) with a timeout in nanoseconds (negative: none), through ppoll(2), which Swift's
/// Glibc module does not declare (it needs _GNU_SOURCE). poll's millisecond timeout wakes
/// a planned draw up to a millisecond late. Returns what ppoll returns, errno set on -1.
int gp_poll_ns(struct pollfd *fds, unsigned long count, int64_t timeout_ns);
