/** Types for the parts of the `glicko2` package (mmai/glicko2js) the server uses; it ships none. */
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
  }
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** Each match is [player1, player2, score of player1: 1 win, 0.5 draw, 0 loss]. */
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
}
