import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

let configured = false;

/**
 * English messages for zod issues (zod/mini configures no locale by itself), set once, the
 * first time a schema is built: every schema builder calls this before building.
 */
export function zodInEnglish(): void {
  if (configured) return;
  z.config(en());
  configured = true;
}
