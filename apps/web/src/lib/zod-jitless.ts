import { config } from 'zod/v4/core';

// Pages run under a CSP without 'unsafe-eval'. zod probes `new Function('')` when it builds an
// object schema, to pick its compiled fast path, and the browser reports the refusal as a CSP
// violation. main.tsx imports this module first, before any schema is built.
config({ jitless: true });
