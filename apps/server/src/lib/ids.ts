import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids (UUIDv7): index-friendly, and they sort by creation time. */
export const newId = (): string => uuidv7();
