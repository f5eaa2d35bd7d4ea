import { LANG_HEADER, Status, TRIAL_CODE_STATUS, TRIAL_DAYS } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { sweepQuoteRequest } from '../../testing/market';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock(new Date('2030-03-30T12:00:00Z'));
const operator = privateKeyToAccount(generatePrivateKey());
let app: FastifyInstance;

beforeAll(async () => {
  // alice is a member by the operator's grant: she receives trial codes.
  app = await buildTestServer(database(), {
    now: clock.now,
    config: {
      // Dozens of people sign in here, all from one address.
      authRateLimit: 10_000,
      premiumAddresses: new Set([alice.address.toLowerCase()]),
      operatorAddresses: new Set([operator.address.toLowerCase()]),
    },
  });
});
afterAll(() => app.close());

/** alice signs in for every call: the tests move the clock by months, beyond a session's life. */
async function signedInAlice(): Promise<Record<string, string>> {
  return sessionHeaders(await signIn(app, alice));
}

async function newcomer(): Promise<Record<string, string>> {
  return sessionHeaders(await signIn(app, privateKeyToAccount(generatePrivateKey())));
}

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const response = await app.inject({ method, url, headers: { ...headers, [LANG_HEADER]: 'en' }, payload });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: number; msg: string; data: never };
}

const issue = (headers: Record<string, string>) => call('POST', '/api/codes/trial', headers);
const redeem = (headers: Record<string, string>, code: string) =>
  call('POST', '/api/codes/trial/redeem', headers, { code });
const endFlag = async (headers: Record<string, string>) =>
  ((await call('GET', '/api/user/check', headers)).data as { end_flag: number }).end_flag;

describe('trial codes', () => {
  it('gives a member three codes a calendar month, refuses a fourth, and a fresh three next month', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const issued = await issue(await signedInAlice());
      expect(issued.status).toBe(Status.Ok);
      codes.push((issued.data as { code: string }).code);
    }
    expect(new Set(codes).size).toBe(3);
    const fourth = await issue(await signedInAlice());
    expect([fourth.status, fourth.msg]).toEqual([
      Status.TrialCodeLimit,
      'You have received your 3 trial codes for this month.',
    ]);

    clock.advance(3 * 86_400_000); // 2030-04-02: April's allowance
    expect((await issue(await signedInAlice())).status).toBe(Status.Ok);
    const listed = (await call('GET', '/api/codes/trial', await signedInAlice())).data as {
      issued_this_month: number;
      list: unknown[];
    };
    expect(listed.issued_this_month).toBe(1);
    expect(listed.list).toHaveLength(4);
  });

  it('takes the month allowance under a lock: concurrent asks at two of three give exactly one more', async () => {
    const holder = privateKeyToAccount(generatePrivateKey());
    const memberApp = await buildTestServer(database(), {
      now: () => new Date('2030-06-15T00:00:00Z'),
      config: { premiumAddresses: new Set([holder.address.toLowerCase()]) },
    });
    try {
      const headers = sessionHeaders(await signIn(memberApp, holder));
      const ask = () => memberApp.inject({ method: 'POST', url: '/api/codes/trial', headers });
      await ask();
      await ask();
      const answers = await Promise.all(Array.from({ length: 6 }, ask));
      const statuses = answers.map((answer) => answer.json().status as number);
      expect(statuses.filter((status) => status === Status.Ok)).toHaveLength(1);
      expect(statuses.filter((status) => status === Status.TrialCodeLimit)).toHaveLength(5);
    } finally {
      await memberApp.close();
    }
  });

  it('refuses codes to someone who is not a member', async () => {
    const refused = await issue(await newcomer());
    expect([refused.status, refused.msg]).toEqual([Status.MembersOnly, 'Only members receive trial codes.']);
  });

  it('lets exactly one of ten people redeeming one code at once have the trial', async () => {
    const { code } = (await issue(await signedInAlice())).data as { code: string };
    const people = await Promise.all(Array.from({ length: 10 }, newcomer));

    const answers = await Promise.all(people.map((headers) => redeem(headers, code)));

    const won = answers.filter((answer) => answer.status === Status.Ok);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === Status.TrialCodeUsed)).toHaveLength(9);
    const winner = people[answers.indexOf(won[0] as never)] as Record<string, string>;
    const trialEnd = Math.floor(clock.now().getTime() / 1000) + TRIAL_DAYS * 86_400;
    expect(won[0]?.data).toEqual({ ends_at: trialEnd });
    expect(await endFlag(winner)).toBe(trialEnd);
    const losers = people.filter((headers) => headers !== winner);
    expect(await Promise.all(losers.map(endFlag))).toEqual(losers.map(() => 0));
  });

  it("lets one person's concurrent redemptions of several codes start one trial", async () => {
    const codes = await Promise.all([issue(await signedInAlice()), issue(await signedInAlice())]);
    expect(codes.map((answer) => answer.status)).toEqual([Status.Ok, Status.TrialCodeLimit]);
    // April's allowance is spent; the member's next month gives two more.
    clock.advance(31 * 86_400_000);
    const more = [await issue(await signedInAlice()), await issue(await signedInAlice())].map(
      (answer) => (answer.data as { code: string }).code,
    );
    const headers = await newcomer();
    const answers = await Promise.all(more.map((code) => redeem(headers, code)));
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([Status.Ok, Status.TrialRunning]);
  });

  it("words every refusal of a redemption in the caller's language", async () => {
    const headers = await newcomer();
    expect((await redeem(headers, '   ')).msg).toBe('Enter the trial code');
    const zh = await app.inject({
      method: 'POST',
      url: '/api/codes/trial/redeem',
      headers: { ...headers, [LANG_HEADER]: 'zh' },
      payload: { code: '' },
    });
    expect(zh.json().msg).toBe('请输入试用码');
    expect((await redeem(headers, 'NOSUCHCODE')).status).toBe(Status.TrialCodeUnknown);
    expect((await redeem(await signedInAlice(), 'ANYTHING')).status).toBe(Status.AlreadyMember);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/codes/trial/redeem',
      headers,
      payload: { code: 'A\u0000B' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('runs a trial for its days, then says it has expired and refuses a second one; the sweep says the test ended', async () => {
    const unused = (await issue(await signedInAlice())).data as { code: string };
    const headers = await newcomer();
    expect((await redeem(headers, ` ${unused.code.toLowerCase()} `)).status).toBe(Status.Ok);
    const ownTrial = (await call('GET', '/api/codes/trial', headers)).data as { trial: { ended: boolean } };
    expect(ownTrial.trial.ended).toBe(false);
    const statusOf = async (code: string) =>
      (
        (await call('GET', '/api/codes/trial', await signedInAlice())).data as {
          list: Array<{ code: string; status: number }>;
        }
      ).list.find((item) => item.code === code)?.status;
    expect(await statusOf(unused.code)).toBe(TRIAL_CODE_STATUS.usedNotSubscribed);

    clock.advance(TRIAL_DAYS * 86_400_000);
    expect(await endFlag(headers)).toBe(0);
    expect(await statusOf(unused.code)).toBe(TRIAL_CODE_STATUS.used);
    const again = await redeem(headers, 'WHATEVER');
    expect([again.status, again.msg]).toEqual([Status.TrialExpired, 'Your trial has expired']);
    const sweep = await call('POST', '/api/sweep/quote', headers, sweepQuoteRequest(`0x${'9'.repeat(40)}`));
    expect([sweep.status, sweep.msg]).toEqual([Status.TrialEnded, 'Your test has ended']);
  });
});

describe('invitation codes', () => {
  it('makes a code on first ask, lets its owner choose another, and refuses a taken one in any case', async () => {
    const bobHeaders = sessionHeaders(await signIn(app, bob));
    const first = (await call('GET', '/api/codes/invitation', bobHeaders)).data as { code: string };
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await call('GET', '/api/codes/invitation', bobHeaders)).data).toMatchObject({ code: first.code });
    expect((await call('POST', '/api/codes/invitation', bobHeaders, { code: 'BobFlips' })).data).toMatchObject({
      code: 'BobFlips',
    });
    const taken = await call('POST', '/api/codes/invitation', await signedInAlice(), { code: 'bobflips' });
    expect([taken.status, taken.msg]).toEqual([Status.InvitationCodeTaken, 'This invitation code is taken.']);
    expect((await call('POST', '/api/codes/invitation', await signedInAlice(), { code: 'ab' })).status).toBe(
      Status.InvitationCodeInvalid,
    );
  });

  it('records the inviter once, never oneself, and prices the first subscription 10% lower', async () => {
    const bobHeaders = sessionHeaders(await signIn(app, bob));
    expect((await call('POST', '/api/codes/invitation/use', bobHeaders, { code: 'BOBFLIPS' })).status).toBe(
      Status.InvitationOwnCode,
    );
    const headers = await newcomer();
    expect((await call('POST', '/api/codes/invitation/use', headers, { code: 'nobody1' })).status).toBe(
      Status.InvitationCodeUnknown,
    );
    const used = await call('POST', '/api/codes/invitation/use', headers, { code: 'bobflips' });
    expect(used.status).toBe(Status.Ok);
    expect((used.data as { invited_by: string }).invited_by).toBe(bob.address.toLowerCase());
    expect((await call('POST', '/api/codes/invitation/use', headers, { code: 'BobFlips' })).status).toBe(
      Status.InvitationAlreadyUsed,
    );
    const plans = (await call('GET', '/api/subscription/plans', headers)).data as {
      plans: Array<{ plan: number; price: string; reason: string }>;
    };
    // The half year: 0.15 ETH less 10%.
    expect(plans.plans.find((plan) => plan.plan === 4)).toMatchObject({
      price: '135000000000000000',
      reason: 'invitation',
    });
    expect(((await call('GET', '/api/codes/invitation', bobHeaders)).data as { invitees: number }).invitees).toBe(1);
  });
});

describe('identities and community codes', () => {
  it("prices by identity: genesis 0.09 the half year, a community's own price once its code is entered", async () => {
    const operatorHeaders = sessionHeaders(await signIn(app, operator));
    const person = privateKeyToAccount(generatePrivateKey());
    const headers = sessionHeaders(await signIn(app, person));
    const halfYear = async () =>
      (await call('GET', '/api/subscription/plans', headers)).data as {
        identity: string;
        plans: Array<{ plan: number; price: string; reason: string }>;
      };

    expect(
      (await call('POST', '/api/admin/identity', headers, { address: person.address, identity: '1' })).status,
    ).toBe(Status.OperatorOnly);
    expect(
      (await call('POST', '/api/admin/identity', operatorHeaders, { address: person.address, identity: '1' })).status,
    ).toBe(Status.Ok);
    const genesis = await halfYear();
    expect(genesis.identity).toBe('1');
    expect(genesis.plans.find((plan) => plan.plan === 4)).toMatchObject({
      price: '90000000000000000',
      reason: 'identity',
    });
    // Genesis keeps its own price: a community code is not for them.
    expect(
      (
        await call('POST', '/api/admin/communities', operatorHeaders, {
          name: 'Moon Holders',
          code: 'MOONS',
          half_year_price: '120000000000000000',
        })
      ).status,
    ).toBe(Status.Ok);
    expect((await call('POST', '/api/codes/community/use', headers, { code: 'moons' })).status).toBe(
      Status.CommunityCodeNotForYou,
    );

    const ordinary = await newcomer();
    expect((await call('POST', '/api/codes/community/use', ordinary, { code: 'nope' })).status).toBe(
      Status.CommunityCodeUnknown,
    );
    const joined = await call('POST', '/api/codes/community/use', ordinary, { code: 'moons' });
    expect(joined.data).toEqual({ name: 'Moon Holders', half_year_price: '120000000000000000', identity: '4' });
    const joinedPlans = (await call('GET', '/api/subscription/plans', ordinary)).data as {
      plans: Array<{ plan: number; price: string; reason: string; list_price: string }>;
    };
    expect(joinedPlans.plans.find((plan) => plan.plan === 4)).toMatchObject({
      price: '120000000000000000',
      list_price: '150000000000000000',
      reason: 'community',
    });
    expect((await call('GET', '/api/codes/community', ordinary)).status).toBe(Status.CommunityManagersOnly);
  });
});
