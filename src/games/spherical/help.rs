//! The rules page players get with `help spherical`: the rules in the
//! project's own words, with the host's rulings marked as such.

pub const HELP: &str = "\
SPHERICAL CHESS 324 (spherical)

Take your opponent's last queen and you win. There are no draws.

THE BOARD
  18 files (a to r) by 18 ranks (1 to 18): 324 squares. The board has no
  edges: a piece that runs off one side comes back on the opposite side, in
  straight and diagonal directions alike. The game's name calls the surface
  a sphere; in geometry it is a torus (a ring). Every rank, file and
  diagonal is therefore a closed loop of 18 squares.
  Host ruling: a slide goes at most 17 steps; it never returns to its own
  square.

THE PIECES (host rulings fill in what the original rules leave open)
  Every piece that moves is a slider. It always moves along ranks and files
  (N, E, S, W) and may also have some of the four diagonals (NE, NW, SE, SW).
    R  rook: no diagonal (4 directions)
    P  promoted piece: 1, 2 or 3 diagonals (5, 6 or 7 directions); these
       arise only by promotion
    Q  queen: every diagonal (8 directions), however it got them
    #  neutral piece: owned by nobody, never moves, blocks lines, and either
       player may capture it.
  A piece slides as far as it likes over empty squares and may stop on the
  first occupied square of its line if an enemy or neutral piece is there,
  taking it. You never take your own pieces. There is no check: queens are
  not royal, they are the pieces you must not lose all of.
  Host ruling: a slide is known by its start and end squares. When both
  ways round a loop lead to the same square it is still one move, allowed if
  at least one way is clear.

START (set-up 1 coordinates; host ruling)
  White: files h to k, ranks 8 to 11: rooks on ranks 8 and 11, queens on
  ranks 9 and 10. Black: the same block 9 files and 9 ranks further round,
  which on this drawing falls into the four corners (files q, r, a, b, ranks
  17, 18, 1, 2). Neutral pieces: i18, j18, i1, j1, r9, r10, a9, a10. Each side
  has 8 queens and 8 rooks, and each side's position is exactly the other's:
  moving every piece 9 files and 9 ranks round the board swaps the two
  armies and leaves the neutral pieces where they are. No queen can be
  taken with the first move of the game; rooks and neutral pieces can.

THE FOUR SET-UPS (challenge switch -setup:1 to -setup:4, also -setup=N)
  The four set-ups are one and the same game drawn with the endless board
  cut open in four different places. Only the square names change. Host
  ruling: each square's set-up 1 name is moved round the board by
    -setup:1  white whole | black quartered (default)   nothing
    -setup:2  black whole | white quartered             9 files and 9 ranks
    -setup:3  white halved N & S | black halved E & W   9 ranks
    -setup:4  black halved N & S | white halved E & W   9 files
  (wrapping round after r and after 18). A game keeps the names of its own
  set-up in every move and board, and any game can be replayed in another
  set-up by renaming every square. The set-up is a number 1 to 4 and may be
  given once; no other switch of its own exists, and anything else refuses
  the challenge. Like every game, a challenge may also say -rated (the
  default) or -unrated.

TURNS: THE PENDULUM
  White begins with ONE move. From then on each turn is TWO moves: Black 2,
  White 2, Black 2, and so on. A move is one action: a slide (with or without
  a capture) or one promotion step. One piece may make both moves of a turn.
  You may send both moves in one mail or each in its own mail; the board
  tells you which move of the turn is due (\"move 1 of 2\").
  Host ruling: a player with no legal move passes that move automatically.
  (It cannot actually happen: any piece but a queen can always take a
  promotion step, and queens can be walled in only by a board full of them.)

PROMOTION
  A piece buys more diagonals by spending moves while it stands still. Each
  spent move is a promotion step that names the piece it is aiming for:
    half promotion    1 more diagonal   3 steps  (4-, 5-, 6-, 7-directional)
    single promotion  2 more diagonals  4 steps  (4- and 6-directional only)
    double promotion  rook to queen     6 steps  (rooks only)
  So a rook can aim for 11 targets (4 with one diagonal more, 6 with two,
  the queen), a 5-directional piece for 3, a 6-directional piece for 3 (2
  with one diagonal more, and the queen), a 7-directional piece for 1 (the
  queen). Directions are only ever added, never given up.
  Host rulings: the piece keeps a record of its target and the steps paid.
  Another step for the same target adds one; a step for a different target
  starts again from one. The steps need not follow one another, but if the
  piece moves or is captured its progress is gone. When the last step is
  paid the piece changes at once, and may use its new directions with the
  next move, even in the same turn. A queen cannot promote. The board's
  legend lists every promotion under way (target, steps paid, steps needed).

END OF THE GAME
  The moment a side has no queen left, it loses; this is checked after every
  single move, so a game can end with the first move of a turn, and the
  second is then not played. Draws are impossible: no draw offers, no
  repetition or move-count draws. A game can also end by resignation
  (spherical resign 101 alice secret) or on time.

NOTATION (squares in the game's set-up names)
  Slide:           h8h2  or  h8-h2;  a capture may be marked with x: h9xa9
                   (host ruling: x on a move that takes nothing is refused)
  Promotion step:  the square, +, and the diagonals the step adds, named
                   ne, nw, se, sw (north-east, north-west, south-east,
                   south-west; any order, the host writes them in this
                   one): i8+ne (half), i8+nesw (single),
                   i8+q (every missing diagonal: a rook's double promotion,
                   or the last step up for a 6- or 7-directional piece)
  Naming a diagonal the piece already has is an error. North always means
  towards higher ranks, east towards later files, however your board is
  turned. Both moves of a turn may share one mail, a space between them:
    spherical move 101 bob secret b2+ne b2+ne   (two steps, rook b2)

EXAMPLES (legal as White's first move in set-up 1)
  h8-h2      rook h8 slides south 6 squares
  h8-h14     the same rook, southwards over the bottom edge to h14
  h9xa9      queen h9 takes the neutral piece on a9
  i11xi18    rook i11 takes the neutral piece on i18
  i8+ne      rook i8 takes the first of 3 steps towards NE (5 directions)
  k8+nesw    rook k8 takes the first of 4 steps towards NE and SW
  h11+q      rook h11 takes the first of 6 steps towards a queen

THE BOARD DIAGRAM
  White upper case, Black lower case, # neutral. A promoted piece is P with
  marks for its diagonals: left of the letter for the two leftward
  diagonals, right of it for the rightward ones; ' upward, . downward,
  : both. Black sees the board turned half round.
";
