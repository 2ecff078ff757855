import type { Config } from './config.js';
import { randomSecret } from './lib/crypto.js';
import type { Logger } from './lib/logger.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { ProjectsService } from './modules/projects/projects.service.js';

export const DEMO_EMAIL = 'demo@plinth.local';

/**
 * On the first start of an empty instance: a demo user (the instance admin) owning a demo
 * project, through the same services the API uses. Prints how to sign in.
 */
export async function seedDemo(
  services: { accounts: AuthService; projects: ProjectsService; config: Pick<Config, 'publicUrl'> },
  log: Logger,
): Promise<void> {
  const { accounts, projects, config } = services;
  if (await accounts.hasUsers()) return;
  const password = randomSecret(12);
  const { user } = await accounts.register({ name: 'Demo User', email: DEMO_EMAIL, password });
  await projects.create(user.id, {
    name: 'Demo Project',
    slug: 'demo',
    locales: ['en', 'es', 'fr', 'zh'],
    default_locale: 'en',
  });
  log.info({ email: DEMO_EMAIL }, 'Seeded the demo user and the demo project');
  process.stdout.write(
    `\n  Plinth demo account (shown once):\n    email:    ${DEMO_EMAIL}\n    password: ${password}\n  Sign in at ${config.publicUrl}/login or POST ${config.publicUrl}/api/v1/auth/login\n\n`,
  );
}
