/**
 * The one place zod is configured, and the one way schemas are built: on first use, once.
 * zod/mini configures no locale by itself; its messages are set to English here, before the
 * first schema is built. A builder's schemas are immutable once built, so keeping them for
 * the life of the module cannot change an answer.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

let configured = false;

/** Sets zod's messages in English, once. */
function configure(): void {
  if (configured) return;
  z.config(en());
  configured = true;
}

/**
 * The schemas of `build`, built the first time they are asked for (importing builds
 * nothing), with zod's messages in English.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    if (built === undefined) {
      configure();
      built = build();
    }
    return built;
  };
}
