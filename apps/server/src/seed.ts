import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import { randomSecret } from './lib/crypto.js';
import type { Logger } from './lib/logger.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { DocumentLifecycle } from './modules/documents/document-lifecycle.js';
import type { DocumentWrites } from './modules/documents/document-writes.js';
import type { ProjectAccess, ProjectGrant } from './modules/projects/project-access.js';
import type { ProjectsService } from './modules/projects/projects.service.js';
import { DEMO_PLAN } from './modules/starters/catalog/demo.js';
import type { Installed, StartersService } from './modules/starters/starters.service.js';
import type { WorkflowService } from './modules/workflow/workflow.service.js';

export const DEMO_EMAIL = 'demo@plinth.local';

/** What seeding the demo uses: the services the API uses, nothing of HTTP. */
export interface DemoSeeding {
  accounts: AuthService;
  projects: ProjectsService;
  access: ProjectAccess;
  starters: StartersService;
  documentWrites: DocumentWrites;
  documentLifecycle: DocumentLifecycle;
  workflow: WorkflowService;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

const DAY_MS = 86_400_000;

/**
 * On the first start of an empty instance: a demo user (the instance admin) owning a demo
 * project with real content, through the same services the API uses. Prints how to sign in.
 */
export async function seedDemo(services: DemoSeeding, log: Logger): Promise<void> {
  const { accounts, projects, access, config } = services;
  if (await accounts.hasUsers()) return;
  const started = Date.now();
  const password = randomSecret(12);
  const { user } = await accounts.register({ name: 'Demo User', email: DEMO_EMAIL, password });
  const project = await projects.create(user.id, {
    name: 'Demo Project',
    slug: 'demo',
    locales: ['en', 'es', 'fr', 'zh'],
    default_locale: 'en',
  });
  // Printed before the sample content: a later start never seeds (nor prints) again, so a
  // failure below must not cost the only copy of the password.
  process.stdout.write(
    `\n  Plinth demo account (shown once):\n    email:    ${DEMO_EMAIL}\n    password: ${password}\n  Sign in at ${config.publicUrl}/login or POST ${config.publicUrl}/api/v1/auth/login\n\n`,
  );
  const principal = { kind: 'user', userId: user.id, sessionId: 'seed', isAdmin: true } as const;
  const grant = await access.authorize(principal, project.id, 'schema.write', '127.0.0.1');
  try {
    const installed = await services.starters.install(grant, DEMO_PLAN);
    await demoHistory(services, grant, installed);
    log.info(
      {
        email: DEMO_EMAIL,
        documents: installed.applied.documents,
        media: installed.applied.media,
        ms: Date.now() - started,
      },
      'Seeded the demo user and the demo project',
    );
  } catch (error) {
    // The sample content is a convenience: the instance starts, and the project can take a starter later.
    log.error({ err: error, email: DEMO_EMAIL }, 'Seeded the demo user and project, but not their sample content');
  }
}

/**
 * What makes the demo look lived in: published articles edited since (several versions, one
 * republished), a draft scheduled to publish in three days, and one waiting for review.
 */
async function demoHistory(services: DemoSeeding, grant: ProjectGrant, installed: Installed): Promise<void> {
  const { documentWrites: writes, documentLifecycle: lifecycle, workflow, clock } = services;
  const article = (key: string) => {
    const found = installed.documents.get(`articles/${key}`);
    if (!found) throw new Error(`the demo has no article ${key}`);
    return found.id;
  };
  // Edited after publishing: the working copy moves ahead of what readers get.
  const modeling = article('modeling-content');
  await writes.update(grant, 'articles', modeling, {
    data: { excerpt: 'Describe what things are, not how they look: every redesign gets easier.' },
  });
  await writes.update(grant, 'articles', modeling, {
    data: { title: 'Modeling content that outlives every redesign' },
  });
  // Edited twice and published again.
  const fastPages = article('fast-pages');
  await writes.update(grant, 'articles', fastPages, {
    data: { excerpt: 'Ask only for the fields you render, cache with ETags, and let the CDN do the rest.' },
  });
  await writes.update(grant, 'articles', fastPages, { data: { published_on: '2026-09-13' } });
  await lifecycle.publish(grant, 'articles', fastPages);
  // A draft rewritten, then scheduled.
  const holiday = article('holiday-campaign');
  await writes.update(grant, 'articles', holiday, {
    data: { excerpt: 'Schedule the pages in November, enjoy December.' },
  });
  await workflow.schedule(grant, 'articles', holiday, {
    publish_at: new Date(clock().getTime() + 3 * DAY_MS).toISOString(),
  });
  // Waiting for an editor's review.
  await workflow.transition(grant, 'articles', article('migrating'), { action: 'submit' });
}
