/** Injectable time source, so tests can move through expiry windows and months. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const isoNow = (clock: Clock): string => clock().toISOString();
