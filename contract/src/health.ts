import { z } from 'zod';

/** true: the server answers and the token, if one was sent, is still good (§4 health check). */
export const pingData = z.boolean();
