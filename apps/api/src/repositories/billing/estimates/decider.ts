import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';

/** The client user who decided, as the office's mail names them: their name, else their address. */
export async function deciderName(tx: Executor, userId: string): Promise<string> {
  const [decidedBy] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return decidedBy?.name || decidedBy?.email || '';
}
