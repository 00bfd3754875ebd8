/* A stand-in bcryptprimitives.dll for Wine 8.0 (Debian 12's), which lacks ProcessPrng: Rust's
 * standard library calls it for random numbers on Windows since Rust 1.78, so without it a
 * Rust program stops before main. This one fills the buffer from advapi32's RtlGenRandom
 * (SystemFunction036), which Wine has. Built with MinGW-w64 by .ci/windows, only for Wine. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (!RtlGenRandom(data, part)) return FALSE;
    data += part;
    length -= part;
  }
  return TRUE;
}
