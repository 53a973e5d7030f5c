/** Where the emulator reports problems that no client reply can carry (broken connections, internal bugs). */
export interface EmulatorLogger {
	warn(message: string): void;
}
