import { describe, expect, it } from 'vitest';
import type { SpectatorFrame } from '../../../src/protocol';
import { SpectatorFeed } from '../../../src/protocol/spectator-feed';

function frame(status: SpectatorFrame['status'], spectators = 1): SpectatorFrame {
  return {
    slug: 'calm-bay-1',
    status,
    players: [],
    turn: null,
    lastShot: null,
    winner: null,
    endReason: null,
    spectators,
  };
}

describe('SpectatorFeed: the watchRoom ack and the events after it, in either order', () => {
  it('shows the ack when no event came before it, and every event after it', () => {
    const feed = new SpectatorFeed();
    const seen: string[] = [];
    feed.subscribe((f) => seen.push(`${f.status}/${f.spectators}`));
    const mark = feed.asking();
    feed.answered(frame('PLACE_SHIPS', 2), mark);
    feed.takeFrame(frame('PLAY', 2));
    feed.takeAudience(3);
    expect(seen).toEqual(['PLACE_SHIPS/2', 'PLAY/2', 'PLAY/3']);
    expect(feed.frame?.spectators).toBe(3);
  });

  it('keeps a frame read before the ack that answers an older moment', () => {
    const feed = new SpectatorFeed();
    const mark = feed.asking();
    feed.takeFrame(frame('PLAY', 2));
    feed.answered(frame('PLACE_SHIPS', 2), mark);
    expect(feed.frame?.status).toBe('PLAY');
  });

  it('never shows an ack with an older audience count than an event already told', () => {
    const feed = new SpectatorFeed();
    const mark = feed.asking();
    feed.takeAudience(4);
    feed.answered(frame('PLAY', 3), mark);
    expect(feed.frame?.spectators).toBe(4);
  });

  it('a new watch forgets the audience count of the last one', () => {
    const feed = new SpectatorFeed();
    feed.takeAudience(9);
    const mark = feed.asking();
    feed.answered(frame('PLAY', 1), mark);
    expect(feed.frame?.spectators).toBe(1);
  });
});
