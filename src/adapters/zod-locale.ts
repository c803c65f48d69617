/**
 * English messages for zod issues. The schemas use zod/mini (tree-shakable, so the bundle
 * carries only what it uses); mini configures no locale by itself.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
