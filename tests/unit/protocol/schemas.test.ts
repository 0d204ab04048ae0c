import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createRng, emptyGrid, randomFleet } from '../../../src/game';
import {
  CoordSchema,
  CreateRoomBodySchema,
  ERROR_CODES,
  ErrorAckSchema,
  errorAck,
  GamesInProgressResponseSchema,
  GridSchema,
  HandshakeQuerySchema,
  HttpErrorSchema,
  isErrorAck,
  JoinRoomPayloadSchema,
  LeaveRoomPayloadSchema,
  LoginBodySchema,
  MatchSchema,
  MemberSchema,
  PartialShipMapSchema,
  ProfileSchema,
  ResignPayloadSchema,
  SERVER_EVENTS,
  ServerEventSchemas,
  ShipMapSchema,
  ShootPayloadSchema,
  SignUpBodySchema,
} from '../../../src/protocol';

/** The messages zod gives for a value, in order; [] when it parses. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const fleet = randomFleet(createRng(1));

describe('CoordSchema', () => {
  it('accepts every cell of the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (x, y) => {
        expect(CoordSchema.parse({ x, y })).toEqual({ x, y });
      }),
    );
  });

  it.each([
    ['x below 0', { x: -1, y: 0 }],
    ['x above 9', { x: 10, y: 0 }],
    ['y below 0', { x: 0, y: -1 }],
    ['y above 9', { x: 0, y: 10 }],
    ['a fraction', { x: 1.5, y: 0 }],
    ['a string', { x: '1', y: 0 }],
    ['NaN', { x: Number.NaN, y: 0 }],
    ['Infinity', { x: Number.POSITIVE_INFINITY, y: 0 }],
    ['a missing y', { x: 1 }],
    ['an extra key', { x: 1, y: 1, z: 1 }],
    ['an array', [1, 1]],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(CoordSchema.safeParse(value).success).toBe(false);
    expect(ShootPayloadSchema.safeParse(value).success).toBe(false);
  });
});

describe('ShipMapSchema', () => {
  it('accepts a real fleet unchanged', () => {
    expect(ShipMapSchema.parse(fleet)).toEqual(fleet);
  });

  it('rejects a missing ship', () => {
    const { '2': _gone, ...rest } = fleet;
    expect(ShipMapSchema.safeParse(rest).success).toBe(false);
  });

  it('rejects an extra ship or any other key', () => {
    // Ships 5..9 exist in a russian fleet (docs/game.md, "Rule variants"); whether the room's rules
    // want them is src/game's validateFleet. Past 9 there is no ship.
    expect(ShipMapSchema.safeParse({ ...fleet, '5': [{ x: 0, y: 0 }] }).success).toBe(true);
    expect(ShipMapSchema.safeParse({ ...fleet, '10': [{ x: 0, y: 0 }] }).success).toBe(false);
    expect(ShipMapSchema.safeParse({ ...fleet, __proto__x: [] }).success).toBe(false);
  });

  it('rejects an empty ship, a ship longer than 5 and an off-grid cell', () => {
    expect(ShipMapSchema.safeParse({ ...fleet, '4': [] }).success).toBe(false);
    const six = Array.from({ length: 6 }, (_, x) => ({ x, y: 9 }));
    expect(ShipMapSchema.safeParse({ ...fleet, '0': six }).success).toBe(false);
    expect(
      ShipMapSchema.safeParse({
        ...fleet,
        '4': [
          { x: 9, y: 9 },
          { x: 10, y: 9 },
        ],
      }).success,
    ).toBe(false);
    expect(
      ShipMapSchema.safeParse({
        ...fleet,
        '4': [
          { x: 0, y: 0, extra: true },
          { x: 1, y: 0 },
        ],
      }).success,
    ).toBe(false);
  });

  it('leaves the fleet rules to src/game: a well-shaped but illegal fleet still parses', () => {
    // Overlapping ships are the game's business (INVALID_FLEET), not a BAD_PAYLOAD.
    const overlapping = { ...fleet, '4': fleet['0'].slice(0, 2) };
    expect(ShipMapSchema.safeParse(overlapping).success).toBe(true);
  });

  it('rejects things that are not fleets', () => {
    for (const value of [null, [], 'fleet', 42, { '0': 'a' }])
      expect(ShipMapSchema.safeParse(value).success).toBe(false);
  });

  it('PartialShipMapSchema takes any subset of ships, still strictly', () => {
    expect(PartialShipMapSchema.parse({})).toEqual({});
    expect(PartialShipMapSchema.parse({ '3': fleet['3'] })).toEqual({ '3': fleet['3'] });
    expect(PartialShipMapSchema.parse({ '7': fleet['3'] })).toEqual({ '7': fleet['3'] });
    expect(PartialShipMapSchema.safeParse({ '10': fleet['3'] }).success).toBe(false);
  });
});

describe('SignUpBodySchema: one message per broken rule', () => {
  const good = { username: 'alice', email: 'alice@example.com', password: 'correct horse' };

  it('accepts a good body, trimming the username', () => {
    expect(SignUpBodySchema.parse({ ...good, username: '  alice  ' })).toEqual(good);
    expect(SignUpBodySchema.parse({ ...good, username: 'Zoé_01.x-y' }).username).toBe('Zoé_01.x-y');
  });

  it('names each missing field once', () => {
    expect(messages(SignUpBodySchema, {})).toEqual([
      'username is required',
      'email is required',
      'password is required',
    ]);
  });

  it('trims the e-mail before checking it, as login does', () => {
    const body = { ...good, email: '  alice@example.com \t' };
    expect(SignUpBodySchema.parse(body).email).toBe('alice@example.com');
    expect(LoginBodySchema.parse({ email: body.email, password: 'x' }).email).toBe('alice@example.com');
    expect(messages(SignUpBodySchema, { ...good, email: '   ' })).toEqual(['email must be a valid e-mail address']);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a short username', { username: 'al' }, ['username must be at least 3 characters']],
    ['a long username', { username: 'a'.repeat(21) }, ['username must be at most 20 characters']],
    [
      'a username with a space',
      { username: 'al ice' },
      ['username may contain only letters, digits, ".", "_" and "-"'],
    ],
    ['a bad e-mail', { email: 'alice.example.com' }, ['email must be a valid e-mail address']],
    ['a long e-mail', { email: `${'a'.repeat(250)}@b.co` }, ['email must be at most 254 characters']],
    ['a short password', { password: 'short' }, ['password must be at least 8 characters']],
    ['a long password', { password: 'p'.repeat(129) }, ['password must be at most 128 characters']],
    ['a numeric password', { password: 12345678 }, ['password is required']],
  ])('%s', (_name, patch, expected) => {
    expect(messages(SignUpBodySchema, { ...good, ...patch })).toEqual(expected);
  });

  it('reports every broken field together, in field order', () => {
    expect(messages(SignUpBodySchema, { username: 'al', email: 'nope', password: 'short' })).toEqual([
      'username must be at least 3 characters',
      'email must be a valid e-mail address',
      'password must be at least 8 characters',
    ]);
  });

  it('rejects unknown fields', () => {
    expect(SignUpBodySchema.safeParse({ ...good, isAdmin: true }).success).toBe(false);
  });
});

describe('LoginBodySchema', () => {
  it('accepts email and password, trimming the email', () => {
    expect(LoginBodySchema.parse({ email: ' a@b.co ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('names each missing field', () => {
    expect(messages(LoginBodySchema, {})).toEqual(['email is required', 'password is required']);
    expect(messages(LoginBodySchema, { email: '   ', password: '' })).toEqual([
      'email is required',
      'password is required',
    ]);
  });
});

describe('other HTTP shapes', () => {
  it('CreateRoomBodySchema takes the SPEC body with a null socketId, and an empty body', () => {
    expect(CreateRoomBodySchema.safeParse({ userId: 'u1', username: 'alice', socketId: null }).success).toBe(true);
    expect(CreateRoomBodySchema.safeParse({}).success).toBe(true);
    expect(CreateRoomBodySchema.safeParse({ userId: 5 }).success).toBe(false);
  });

  it('CreateRoomBodySchema takes a turn clock of 30 or 60 seconds, or none', () => {
    for (const turnSeconds of [30, 60, null, undefined]) {
      expect(CreateRoomBodySchema.safeParse({ turnSeconds }).success).toBe(true);
    }
    for (const turnSeconds of [0, 45, 30.5, '30', -60, 3600]) {
      expect(CreateRoomBodySchema.safeParse({ turnSeconds }).success).toBe(false);
    }
  });

  it('MatchSchema refuses other clock lengths, unknown end reasons, negative counts and missing or unknown rules', () => {
    const match = {
      rules: { fleet: 'russian', touch: false, shots: 'salvo', again: 'hit' },
      turnSeconds: null,
      turnDeadline: null,
      missedTurns: {},
      endReason: null,
      rematchBy: null,
      spectators: 0,
      serverNow: 1,
    };
    expect(MatchSchema.safeParse(match).success).toBe(true);
    for (const endReason of ['SUNK', 'RESIGN', 'FORFEIT', 'CLOCK']) {
      expect(MatchSchema.safeParse({ ...match, endReason }).success).toBe(true);
    }
    expect(MatchSchema.safeParse({ ...match, endReason: 'DRAW' }).success).toBe(false);
    expect(MatchSchema.safeParse({ ...match, turnSeconds: 45 }).success).toBe(false);
    expect(MatchSchema.safeParse({ ...match, missedTurns: { u1: -1 } }).success).toBe(false);
    expect(MatchSchema.safeParse({ ...match, serverNow: undefined }).success).toBe(false);
    expect(MatchSchema.safeParse({ ...match, rules: undefined }).success).toBe(false);
    expect(MatchSchema.safeParse({ ...match, rules: { ...match.rules, shots: 'three' } }).success).toBe(false);
  });

  it('resign and leaveRoom take a slug', () => {
    for (const schema of [ResignPayloadSchema, LeaveRoomPayloadSchema]) {
      expect(schema.safeParse('brave-otter-42').success).toBe(true);
      for (const bad of ['', '   ', 42, null, { slug: 'x' }, 'x'.repeat(65)])
        expect(schema.safeParse(bad).success).toBe(false);
    }
  });

  it('GamesInProgressResponseSchema lists rooms with an opponent or none', () => {
    const game = { slug: 'brave-otter-42', status: 'PLAY', opponent: { userId: 'u2', username: 'bob' }, updatedAt: 1 };
    expect(GamesInProgressResponseSchema.safeParse({ games: [game, { ...game, opponent: null }] }).success).toBe(true);
    expect(GamesInProgressResponseSchema.safeParse({ games: [{ ...game, status: 'OVER' }] }).success).toBe(false);
  });

  it('ProfileSchema needs integer counters', () => {
    const profile = { id: 'u1', username: 'alice', email: 'a@b.co', gamesPlayed: 3, gamesWon: 1 };
    expect(ProfileSchema.parse(profile)).toEqual(profile);
    expect(ProfileSchema.safeParse({ ...profile, gamesWon: 0.5 }).success).toBe(false);
  });

  it('HttpErrorSchema takes a message string or array', () => {
    expect(HttpErrorSchema.safeParse({ statusCode: 409, message: 'taken', error: 'Conflict' }).success).toBe(true);
    expect(HttpErrorSchema.safeParse({ statusCode: 400, message: ['a', 'b'], error: 'Bad Request' }).success).toBe(
      true,
    );
    expect(HttpErrorSchema.safeParse({ statusCode: 400 }).success).toBe(false);
  });
});

describe('socket shapes', () => {
  it('HandshakeQuerySchema needs a token', () => {
    expect(HandshakeQuerySchema.safeParse({ token: 't', slug: 'brave-otter-42' }).success).toBe(true);
    expect(HandshakeQuerySchema.safeParse({ token: '' }).success).toBe(false);
    expect(HandshakeQuerySchema.safeParse({ slug: 'x' }).success).toBe(false);
  });

  it('slugs are non-empty strings of at most 64 characters', () => {
    expect(JoinRoomPayloadSchema.parse('  brave-otter-42 ')).toBe('brave-otter-42');
    for (const bad of ['', '   ', 'x'.repeat(65), 42, null, { slug: 'a' }])
      expect(JoinRoomPayloadSchema.safeParse(bad).success).toBe(false);
  });

  it('GridSchema is exactly 10 by 10 known cell codes', () => {
    expect(GridSchema.safeParse(emptyGrid()).success).toBe(true);
    expect(GridSchema.safeParse(emptyGrid().slice(1)).success).toBe(false);
    const wide = emptyGrid().map((row) => [...row, 'E']);
    expect(GridSchema.safeParse(wide).success).toBe(false);
    const odd = emptyGrid().map((row, y) => (y === 4 ? row.map(() => 'X') : row));
    expect(GridSchema.safeParse(odd).success).toBe(false);
  });

  it('MemberSchema matches docs/protocol.md', () => {
    const member = { userId: 'u', username: 'a', socketId: null, hasToPlay: false, connected: false, awayUntil: null };
    expect(MemberSchema.safeParse(member).success).toBe(true);
    expect(MemberSchema.safeParse({ ...member, awayUntil: 1_790_000_060_000 }).success).toBe(true);
    expect(MemberSchema.safeParse({ userId: 'u', username: 'a', socketId: 's' }).success).toBe(false);
    expect(MemberSchema.safeParse({ ...member, connected: 'yes' }).success).toBe(false);
  });

  it('has one schema per server event, and every payload example parses', () => {
    expect(Object.keys(ServerEventSchemas).sort()).toEqual([...SERVER_EVENTS].sort());
    const examples = {
      gameStatus: 'PLAY',
      members: [
        { userId: 'u1', username: 'alice', socketId: 'abc', hasToPlay: true, connected: true, awayUntil: null },
      ],
      shipsIndexes: fleet,
      playerBoats: emptyGrid(),
      opponentBoats: emptyGrid(),
      opponentShipsIndexes: { '4': fleet['4'] },
      battlePlace: { shooterId: 'u1', x: 3, y: 7, result: 'D' },
      winner: { userId: 'u1', username: 'alice' },
      match: {
        rules: { fleet: 'classic', touch: true, shots: 'one', again: 'never' },
        turnSeconds: 30,
        turnDeadline: 1_790_000_030_000,
        missedTurns: { u2: 1 },
        endReason: 'RESIGN',
        rematchBy: { userId: 'u2', username: 'bob' },
        spectators: 0,
        serverNow: 1_790_000_000_000,
      },
    } as const;
    for (const event of SERVER_EVENTS) expect(ServerEventSchemas[event].safeParse(examples[event]).success).toBe(true);
    expect(ServerEventSchemas.gameStatus.safeParse('FINISHED').success).toBe(false);
    expect(ServerEventSchemas.battlePlace.safeParse({ shooterId: 'u1', x: 3, y: 7, result: 'S' }).success).toBe(false);
  });

  it('error acks carry a known code', () => {
    for (const code of ERROR_CODES) {
      expect(ErrorAckSchema.parse(errorAck(code))).toEqual({ error: code });
      expect(isErrorAck(errorAck(code, 'why'))).toBe(true);
    }
    expect(ErrorAckSchema.safeParse({ error: 'SOMETHING_ELSE' }).success).toBe(false);
    expect(isErrorAck('H')).toBe(false);
    expect(isErrorAck(null)).toBe(false);
    expect(isErrorAck('PLAY')).toBe(false);
  });

  it('error codes are unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
