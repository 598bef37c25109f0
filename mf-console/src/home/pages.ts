import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { HomePage } from './HomePage.tsx';

/** Home: the getting-started checklist (on /analytic, where §2 sends a signed-in user). */
export const homePages = {
  analytic: HomePage,
} satisfies AppPages<'@app/mf-console'>;
