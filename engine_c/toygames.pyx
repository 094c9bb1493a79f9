# cython: language_level=3
"""Tiny test game with hidden information: *High Card* (a sequential Goofspiel).

Used by the solver's tests while the real engines are being written; it
implements the whole interface (C hooks, JSON, notation) in ~200 lines.

Rules (2-4 players):
- 20 cards, values 1..10 twice each.  Each player is dealt 5 secret cards; the
  rest form a secret stock that never comes back into play.
- 10 prize cards, values 1..10.  Five rounds; each round one prize is revealed
  at random (chance, from the state's RNG) among the prizes not yet used.
- In round r the leader is player r % n; players play one card face up in turn
  order.  When everyone has played, the highest card wins the prize's value in
  points; if the highest value was played by several players, nobody scores.
- After five rounds the highest score wins; ties share the place.

Actions: ``v - 1`` plays a card of value v (0..9); notation is the value ("7").
Hidden from a player: other hands, the stock, the order of future prizes.
"""
from libc.stdint cimport uint64_t, int32_t
from libc.string cimport memset

from engine_c.game cimport GameState, GameHooks, MAX_PLAYERS, TERMINAL
from engine_c._rng cimport rng_next, rng_below
from engine_c.validate import parse_position, seed_to_state

import json

from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError
from engine_c.validate import Fields, UINT64_MAX, at

cdef enum:
    VALUES = 10
    COPIES = 2
    HAND = 5
    ROUNDS = 5


cdef struct HCData:
    uint64_t rng                       # chance RNG (prize draws)
    int32_t round                      # 0..ROUNDS (ROUNDS = game over)
    int32_t turn                       # cards played this round
    int32_t prize                      # value of the prize on offer (0 once over)
    int32_t hand[MAX_PLAYERS][VALUES]  # card counts per value-1
    int32_t stock[VALUES]              # undealt cards, per value-1
    int32_t played[MAX_PLAYERS]        # value played this round, 0 = not yet
    int32_t prizes_left[VALUES]        # 1 if that prize value is still to come
    int32_t score[MAX_PLAYERS]


cdef GameHooks NO_HOOKS          # all NULL (static storage is zeroed)


cdef class HighCardState(GameState):
    """A position of High Card (see the module docstring for the rules)."""
    cdef HCData d

    game_name = "highcard"
    min_players = 2
    max_players = 4
    num_distinct_actions = VALUES

    def __cinit__(self, *args, **kwargs):
        # No rule table: this game overrides the c_* methods itself (a game may, where a table
        # does not fit); the empty table leaves every optional hook to the base class.
        self.bind(&self.d, sizeof(HCData), &NO_HOOKS)

    def __init__(self, int players, seed=0, **options):
        if options:
            raise BoardlabError(f"highcard: unknown option(s) {', '.join(sorted(options))}")
        if not 2 <= players <= 4:
            raise BoardlabError(f"highcard: player count must be 2-4, got {players}")
        self.num_players = players
        self.d.rng = seed_to_state(seed)
        cdef int deck[VALUES * COPIES]
        cdef int i, j, k, tmp
        for i in range(VALUES * COPIES):
            deck[i] = i // COPIES
        for i in range(VALUES * COPIES - 1, 0, -1):
            j = rng_below(&self.d.rng, i + 1)
            tmp = deck[i]; deck[i] = deck[j]; deck[j] = tmp
        k = 0
        for i in range(players):
            for j in range(HAND):
                self.d.hand[i][deck[k]] += 1
                k += 1
        while k < VALUES * COPIES:
            self.d.stock[deck[k]] += 1
            k += 1
        for i in range(VALUES):
            self.d.prizes_left[i] = 1
        self._draw_prize()

    cdef void _draw_prize(self) noexcept nogil:
        cdef int left = 0, i, pick
        for i in range(VALUES):
            left += self.d.prizes_left[i]
        pick = rng_below(&self.d.rng, left)
        for i in range(VALUES):
            if self.d.prizes_left[i]:
                if pick == 0:
                    self.d.prizes_left[i] = 0
                    self.d.prize = i + 1
                    return
                pick -= 1

    # ---- C hooks -------------------------------------------------------------
    cdef int c_current_player(self) noexcept nogil:
        if self.d.round >= ROUNDS:
            return TERMINAL
        return (self.d.round + self.d.turn) % self.num_players

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int p = self.c_current_player()
        cdef int n = 0, v
        if p < 0:
            return 0
        for v in range(VALUES):
            if self.d.hand[p][v] > 0:
                out[n] = v
                n += 1
        return n

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int p = self.c_current_player()
        return p >= 0 and 0 <= action < VALUES and self.d.hand[p][action] > 0

    cdef void c_apply(self, int action) noexcept nogil:
        cdef int p = self.c_current_player()
        cdef int n = self.num_players
        cdef int q, best = 0, count = 0
        self.d.hand[p][action] -= 1
        self.d.played[p] = action + 1
        self.d.turn += 1
        if self.d.turn < n:
            return
        for q in range(n):
            if self.d.played[q] > best:
                best = self.d.played[q]
                count = 1
            elif self.d.played[q] == best:
                count += 1
        if count == 1:
            for q in range(n):
                if self.d.played[q] == best:
                    self.d.score[q] += self.d.prize
        for q in range(n):
            self.d.played[q] = 0
        self.d.turn = 0
        self.d.round += 1
        if self.d.round < ROUNDS:
            self._draw_prize()
        else:
            self.d.prize = 0

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.d.round >= ROUNDS

    cdef void c_scores(self, int* out) noexcept nogil:
        cdef int p
        for p in range(self.num_players):
            out[p] = self.d.score[p]

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        # The pool of cards the observer cannot see (other hands + stock) is a
        # function of what it knows; build it in canonical (sorted) order, shuffle
        # and deal back with the same hand sizes, so two positions the observer
        # cannot tell apart give the same determinization for the same rng.
        cdef int pool[VALUES * COPIES]
        cdef int size[MAX_PLAYERS]
        cdef int n = 0, p, v, i, j, k, tmp
        for v in range(VALUES):
            for i in range(self.d.stock[v]):
                pool[n] = v
                n += 1
            self.d.stock[v] = 0
        for p in range(self.num_players):
            size[p] = 0
            if p == observer:
                continue
            for v in range(VALUES):
                size[p] += self.d.hand[p][v]
        for v in range(VALUES):
            for p in range(self.num_players):
                if p != observer:
                    for i in range(self.d.hand[p][v]):
                        pool[n] = v
                        n += 1
                    self.d.hand[p][v] = 0
        # pool now holds stock then others' cards, both sorted: sort the whole
        # pool so it depends only on the multiset (counting sort).
        cdef int counts[VALUES]
        for v in range(VALUES):
            counts[v] = 0
        for i in range(n):
            counts[pool[i]] += 1
        k = 0
        for v in range(VALUES):
            for i in range(counts[v]):
                pool[k] = v
                k += 1
        for i in range(n - 1, 0, -1):
            j = rng_below(rng, i + 1)
            tmp = pool[i]; pool[i] = pool[j]; pool[j] = tmp
        k = 0
        for p in range(self.num_players):
            if p == observer:
                continue
            for i in range(size[p]):
                self.d.hand[p][pool[k]] += 1
                k += 1
        while k < n:
            self.d.stock[pool[k]] += 1
            k += 1
        self.d.rng = rng_next(rng)

    # ---- Python interface --------------------------------------------------------
    def action_to_string(self, action):
        """The card value played, '1' to '10'."""
        if not self._in_range(action):
            raise InvalidActionError(f"highcard: no action {action!r}")
        return str(action + 1)

    def string_to_action(self, text):
        """An action from a card value '1' to '10'."""
        if not isinstance(text, str):
            raise InvalidActionError(f"highcard: a move is written as text, got {text!r}")
        try:
            value = int(text.strip())
        except ValueError:
            raise InvalidActionError(f"highcard: cannot parse action {text!r} (expected a card value 1-10)") from None
        if not 1 <= value <= VALUES:
            raise InvalidActionError(f"highcard: card value must be 1-10, got {value}")
        return value - 1

    def to_json(self):
        n = self.num_players
        return json.dumps({
            "game": "highcard", "players": n, "round": self.d.round, "turn": self.d.turn,
            "prize": self.d.prize,
            "hands": [[v + 1 for v in range(VALUES) for _ in range(self.d.hand[p][v])] for p in range(n)],
            "stock": [v + 1 for v in range(VALUES) for _ in range(self.d.stock[v])],
            "played": [self.d.played[p] for p in range(n)],
            "prizes_left": [v + 1 for v in range(VALUES) if self.d.prizes_left[v]],
            "scores": [self.d.score[p] for p in range(n)],
            "rng": int(self.d.rng),
        })

    def _load(self, data):
        """Fill this state from position data (as ``to_json`` writes it), every field checked."""
        f = Fields("highcard")
        f.object(data, "", keys=("game", "players", "round", "turn", "prize", "hands", "stock", "played",
                                 "prizes_left", "scores", "rng"))
        f.choice(data["game"], "game", ("highcard",))
        cdef int n = f.int(data["players"], "players", 2, 4)
        self.num_players = n
        memset(&self.d, 0, sizeof(HCData))
        self.d.round = f.int(data["round"], "round", 0, ROUNDS)
        self.d.turn = f.int(data["turn"], "turn", 0, n - 1)
        self.d.prize = f.int(data["prize"], "prize", 0, VALUES)
        self.d.rng = f.int(data["rng"], "rng", 0, UINT64_MAX)
        hands = f.list(data["hands"], "hands", length=n)
        played = f.ints(data["played"], "played", 0, VALUES, length=n)
        scores = f.ints(data["scores"], "scores", 0, 55, length=n)
        seen = [0] * VALUES
        for p in range(n):
            for v in f.ints(hands[p], at("hands", p), 1, VALUES, max_length=HAND):
                self.d.hand[p][v - 1] += 1
                seen[v - 1] += 1
            self.d.played[p] = played[p]
            if played[p]:
                seen[played[p] - 1] += 1
            self.d.score[p] = scores[p]
        for v in f.ints(data["stock"], "stock", 1, VALUES, max_length=VALUES * COPIES):
            self.d.stock[v - 1] += 1
            seen[v - 1] += 1
        if any(c > COPIES for c in seen):
            f.fail("", "more than two cards of one value")
        for v in f.ints(data["prizes_left"], "prizes_left", 1, VALUES, max_length=VALUES, distinct=True):
            self.d.prizes_left[v - 1] = 1
        if self.d.round < ROUNDS:
            if self.d.prize == 0 or self.d.prizes_left[self.d.prize - 1]:
                f.fail("prize", "the prize on offer must be 1-10 and not among prizes_left")
            if len(data["prizes_left"]) != VALUES - self.d.round - 1:
                f.fail("prizes_left", "does not match the round")
        for p in range(n):
            k = (p - self.d.round) % n          # place in this round's order
            has_played = k < self.d.turn
            if (self.d.played[p] != 0) != has_played:
                f.fail(at("played", p), "played out of turn order")
            if len(hands[p]) != HAND - self.d.round - has_played:
                f.fail(at("hands", p), f"holds {len(hands[p])} cards, which does not match the round")

    def features(self):
        return [{"score": self.d.score[p]} for p in range(self.num_players)]
