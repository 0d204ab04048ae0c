import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as lifecycle from './002-lifecycle';
import * as bots from './003-bots';
import * as history from './004-history';
import * as usernameCase from './005-username-case';
import * as unratedGames from './006-unrated-games';
import * as fairPlay from './007-fair-play';
import * as rules from './008-rules';
import * as botAccounts from './009-bot-accounts';
import * as ratingsPerRules from './010-ratings-per-rules';
import * as moderation from './011-moderation';
import * as chat from './012-chat';
import * as friends from './013-friends';
import * as accounts from './014-accounts';
import * as analysis from './015-analysis';
import * as operations from './016-operations';
import * as pairRatings from './017-pair-ratings';

/**
 * Every migration, in the order they run (Kysely sorts by name). Add one file per change and
 * never edit a migration that has shipped: databases in the field have already run it.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-lifecycle': lifecycle,
  '003-bots': bots,
  '004-history': history,
  '005-username-case': usernameCase,
  '006-unrated-games': unratedGames,
  '007-fair-play': fairPlay,
  '008-rules': rules,
  '009-bot-accounts': botAccounts,
  '010-ratings-per-rules': ratingsPerRules,
  '011-moderation': moderation,
  '012-chat': chat,
  '013-friends': friends,
  '014-accounts': accounts,
  '015-analysis': analysis,
  '016-operations': operations,
  '017-pair-ratings': pairRatings,
};
