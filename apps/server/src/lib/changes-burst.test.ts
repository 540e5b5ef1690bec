import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp, buildUser, type TTestApp } from '../test/helpers';

// A process confirms every change it hears on its one listening connection. A burst of changes arrives as many
// notifications at once; their confirmations go out one statement at a time (pg runs one query at a time on a
// client, and deprecates queueing a query behind another: pg 9 makes it an error).
const onPg = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPg)('the change feed under a burst of changes', () => {
  let t: TTestApp;
  let peer: Awaited<ReturnType<typeof buildPeerApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
    peer = await buildPeerApp(t);
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('confirms 60 changes written at once without queueing queries on its listening connection (pg deprecates it)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const { user } = await buildUser(t);
      // every change waits until both processes have confirmed it
      await Promise.all(Array.from({ length: 60 }, () => t.container.changes.changed('user', user.id)));
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });
});
