import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file or of any file under a folder (0 when missing). */
export function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}
