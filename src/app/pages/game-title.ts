/** The game page's title: the two players, the viewer first; null until both are known. */
export function gameTitle(
  members: readonly { readonly userId: string; readonly username: string }[],
  viewerId: string,
): { me: string; opponent: string } | null {
  const me = members.find((m) => m.userId === viewerId);
  const opponent = members.find((m) => m.userId !== viewerId);
  return me && opponent ? { me: me.username, opponent: opponent.username } : null;
}
