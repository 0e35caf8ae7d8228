/** G7: 64 KB for every body, 1 MB for a share package, in decimal units. The emulator refuses by the same. */
export const MAX_BODY_BYTES = 64_000;
export const MAX_PACKAGE_BODY_BYTES = 1_000_000;
