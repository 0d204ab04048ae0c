#!/usr/bin/env python3
"""A complete Broadside engine in Python, standard library only. It speaks BEP on stdin/stdout
(docs/engines.md): places its ships at random, hunts on a checkerboard, and after a hit fires
around it until the ship sinks. It plays every rule set `newgame` names: any fleet, `touch no`
(ships kept apart; the cells around a sunk ship and the corners of a hit are water), `shots salvo`
(`go ... shots k` answered with k cells) and `again hit` (nothing to do: it is simply asked again).
Run: python3 examples/engines/hunt.py"""
import random
import sys


class Engine:
    def __init__(self):
        self.size = 10
        self.lengths = [5, 4, 3, 3, 2]
        self.touch = True
        self.parity = True
        self.rng = random.Random(1)
        self.board = {}  # (x, y) -> 'M', 'H' (ship not sunk yet) or 'D': the cells fired at
        self.water = set()  # cells not fired at but known to be water (touch no)

    def send(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def newgame(self, words):
        pairs = dict(zip(words[2::2], words[3::2]))
        self.size = int(pairs.get("size", 10))
        self.lengths = [int(n) for n in pairs.get("fleet", "5,4,3,3,2").split(",")]
        self.touch = pairs.get("touch", "yes") == "yes"
        self.rng = random.Random(int(pairs.get("seed", 1)))
        self.board = {}
        self.water = set()

    def around(self, x, y):
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]

    def place(self):
        # Ship after ship, each drawn until it fits; a fleet that gets stuck starts over.
        while True:
            blocked = set()  # cells a new ship may not use: taken, and their neighbours under touch no
            ships = []
            for length in self.lengths:
                for _ in range(200):
                    d = self.rng.choice("hv")
                    x = self.rng.randrange(self.size - length + 1 if d == "h" else self.size)
                    y = self.rng.randrange(self.size - length + 1 if d == "v" else self.size)
                    cells = [(x + i, y) if d == "h" else (x, y + i) for i in range(length)]
                    if not any(c in blocked for c in cells):
                        break
                else:
                    break
                for cx, cy in cells:
                    blocked.update([(cx, cy)] if self.touch else self.around(cx, cy))
                ships.append("%d,%d,%s" % (x, y, d))
            if len(ships) == len(self.lengths):
                return "fleet " + " ".join(ships)

    def free(self, x, y, chosen):
        return (0 <= x < self.size and 0 <= y < self.size and (x, y) not in self.board
                and (x, y) not in self.water and (x, y) not in chosen)

    def shoot(self, chosen):
        targets = []
        for (x, y), v in self.board.items():
            if v != "H":
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if self.free(x + dx, y + dy, chosen):
                    aligned = self.board.get((x - dx, y - dy)) == "H"
                    targets.append((2 if aligned else 1, x + dx, y + dy))
        if targets:
            best = max(t[0] for t in targets)
            _, x, y = self.rng.choice([t for t in targets if t[0] == best])
            return x, y
        cells = [(x, y) for y in range(self.size) for x in range(self.size) if self.free(x, y, chosen)]
        if not cells:
            # A salvo near the end may ask for more cells than could hold a ship: known water then.
            cells = [(x, y) for y in range(self.size) for x in range(self.size)
                     if (x, y) not in self.board and (x, y) not in chosen]
        even = [c for c in cells if (c[0] + c[1]) % 2 == 0]
        return self.rng.choice(even if self.parity and even else cells)

    def learn_water(self, cells):
        for c in cells:
            if c not in self.board:
                self.water.add(c)

    def handle(self, line):
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        if cmd == "bep":
            self.send("id name hunt-python")
            self.send("id author Broadside examples")
            self.send("option name Parity type check default true")
            self.send("bepok")
        elif cmd == "isready":
            self.send("readyok")
        elif cmd == "setoption" and len(words) >= 5 and words[2] == "Parity":
            self.parity = words[4] == "true"
        elif cmd == "newgame":
            self.newgame(words)
        elif cmd == "place":
            self.send(self.place())
        elif cmd == "go":
            k = int(words[words.index("shots") + 1]) if "shots" in words else 1
            chosen = []
            for _ in range(k):
                chosen.append(self.shoot(chosen))
            self.send("fire " + " ".join("%d %d" % c for c in chosen))
        elif cmd == "result" and len(words) == 4:
            x, y = int(words[1]), int(words[2])
            self.board[(x, y)] = "M" if words[3] == "M" else "H"
            self.water.discard((x, y))
            if words[3] != "M" and not self.touch:
                self.learn_water([(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)])
        elif cmd == "sunk":
            for cell in words[2:]:
                x, y = cell.split(",")
                self.board[(int(x), int(y))] = "D"
                if not self.touch:
                    self.learn_water(self.around(int(x), int(y)))
            self.send("info sank ship " + words[1])
        elif cmd == "gameover":
            self.send("info game over: %s by %s" % (words[1], words[2] if len(words) > 2 else "?"))
        elif cmd == "quit":
            return False
        return True


def main():
    engine = Engine()
    for line in sys.stdin:
        if not engine.handle(line.strip()):
            break


if __name__ == "__main__":
    main()
