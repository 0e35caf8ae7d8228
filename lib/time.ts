// Plain units of time in milliseconds, written once. The emulator keeps its own (emulator/clock), as it imports
// only lib/contract and lib/safety from lib.

export const DAY_MS = 24 * 60 * 60 * 1000;
