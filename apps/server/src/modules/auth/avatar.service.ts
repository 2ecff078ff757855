import type { CurrentUser } from '@plinth/contract';
import type { Transact } from '../../db/repository.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { AuthRepository } from './auth.repository.js';
import { toCurrentUser } from './user.mapper.js';

/**
 * Where people's pictures are made and kept: the media module implements it (sharp and the
 * media storage), wired in the composition root.
 */
export interface AvatarImages {
  /** Makes the stored picture from an uploaded image (415 for anything but a raster image); its file name. */
  store(ownerId: string, upload: Buffer): Promise<string>;
  /** Removes a stored picture; a name that is not one is ignored. */
  remove(name: string): Promise<void>;
  /** The absolute URL of a stored picture. */
  urlOf(name: string): string;
  /** The stored picture a URL points at; null for any other URL (a picture from elsewhere). */
  nameIn(url: string): string | null;
}

const gone = () => new AppError('UNAUTHENTICATED', 'The account no longer exists');

/** The signed-in user's picture: uploaded, stored by the media pipeline, replaced or cleared. */
export class AvatarService {
  constructor(
    private readonly deps: {
      users: AuthRepository;
      images: AvatarImages;
      transaction: Transact;
      clock: Clock;
      log: Logger;
    },
  ) {}

  /** Makes `upload` the user's picture; the one it replaces is deleted. */
  async set(userId: string, upload: Buffer): Promise<CurrentUser> {
    const { images } = this.deps;
    const name = await images.store(userId, upload);
    try {
      return await this.replace(userId, images.urlOf(name), name);
    } catch (error) {
      await this.forget(name);
      throw error;
    }
  }

  async clear(userId: string): Promise<CurrentUser> {
    return this.replace(userId, null, null);
  }

  /**
   * Sets the URL under the user's lock, so two changes at once cannot both think they replace
   * the same picture; the replaced file goes once the change is committed (unless it is the
   * same file again: the same image uploaded twice).
   */
  private async replace(userId: string, url: string | null, name: string | null): Promise<CurrentUser> {
    const { before, after } = await this.deps.transaction(async (trx) => {
      const users = this.deps.users.in(trx);
      const current = await users.lockUser(userId);
      if (!current) throw gone();
      const updated = await users.updateUser(userId, { avatar_url: url, updated_at: isoNow(this.deps.clock) });
      if (!updated) throw gone();
      return { before: current, after: updated };
    });
    const previous = before.avatar_url === null ? null : this.deps.images.nameIn(before.avatar_url);
    if (previous !== null && previous !== name) await this.forget(previous);
    return toCurrentUser(after);
  }

  /**
   * Removes a stored picture unless an account still points at it: `PATCH /auth/me` takes any
   * URL, so someone may have set theirs to another person's picture (or this upload may be the
   * one the account already shows). Failing to remove it only costs storage.
   */
  private async forget(name: string): Promise<void> {
    const { images, users, log } = this.deps;
    try {
      if (await users.isAvatarInUse(images.urlOf(name))) return;
      await images.remove(name);
    } catch (error) {
      log.warn({ err: error, name }, 'could not remove a replaced picture');
    }
  }
}
