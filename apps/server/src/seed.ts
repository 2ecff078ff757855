import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { randomSecret } from './lib/crypto.js';
import { AuthService } from './modules/auth/auth.service.js';
import { ProjectsService } from './modules/projects/projects.service.js';

export const DEMO_EMAIL = 'demo@plinth.local';

/**
 * On the first start of an empty instance: a demo user (the instance admin) owning a demo
 * project, through the same services the API uses. Prints how to sign in.
 */
export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const auth = new AuthService(ctx);
  if ((await auth.repository.countRegisteredUsers()) > 0) return;
  const password = randomSecret(12);
  const { user } = await auth.register({ name: 'Demo User', email: DEMO_EMAIL, password });
  await new ProjectsService(ctx).create(user.id, {
    name: 'Demo Project',
    slug: 'demo',
    locales: ['en', 'es', 'fr', 'zh'],
    default_locale: 'en',
  });
  log.info({ email: DEMO_EMAIL }, 'Seeded the demo user and the demo project');
  process.stdout.write(
    `\n  Plinth demo account (shown once):\n    email:    ${DEMO_EMAIL}\n    password: ${password}\n  Sign in at ${ctx.config.publicUrl}/login or POST ${ctx.config.publicUrl}/api/v1/auth/login\n\n`,
  );
}
