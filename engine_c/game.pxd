# The one game interface every boardlab engine implements.
#
# A state is a cdef class whose whole game position lives in one flat C struct
# (no pointers, no Python objects), so copying a state is a memcpy and the
# search can run entirely without the GIL.  Subclasses point ``_data`` and
# ``_size`` at that struct in ``__cinit__`` and implement the ``c_*`` methods.
#
# Conventions (see docs/interface.md):
# - players are 0..num_players-1; ``c_current_player`` is TERMINAL at the end;
# - actions are small non-negative ints < ``num_distinct_actions``, whose meaning
#   does not depend on hidden information (stable across determinizations);
# - chance (dice, draws) happens inside ``c_apply`` from the RNG the state
#   carries in its struct, so a state plus an action fully determines the next;
# - ``c_resample_hidden(observer, rng)`` redraws everything ``observer`` cannot
#   know (undrawn tiles, secret hands, future dice: the state's chance RNG is
#   reseeded too) and keeps everything it does know;
# - ranks: 0 is first place; tied players share a rank after tie-breaks;
# - playouts: ``c_random_playout`` always plays uniformly random legal moves;
#   ``c_playout`` plays the engine's playout policy (``c_playout_action`` at
#   each decision), which is uniform unless the engine overrides it.
from libc.stdint cimport uint64_t

cdef enum:
    MAX_PLAYERS = 4
    MAX_LEGAL = 1024        # upper bound on legal actions at any decision
    TERMINAL = -4           # c_current_player() once the game is over (OpenSpiel's value)


cdef class GameState:
    cdef char* _data                   # the game's C struct
    cdef Py_ssize_t _size              # sizeof that struct
    cdef readonly int num_players

    cdef int c_current_player(self) noexcept nogil
    cdef int c_legal_actions(self, int* out) noexcept nogil      # fills out, returns count
    cdef bint c_is_legal(self, int action) noexcept nogil
    cdef void c_apply(self, int action) noexcept nogil           # action must be legal
    cdef bint c_is_terminal(self) noexcept nogil
    cdef void c_scores(self, int* out) noexcept nogil            # current victory points
    cdef void c_ranks(self, int* out) noexcept nogil             # final ranks incl. tie-breaks
    cdef void c_returns(self, double* out) noexcept nogil        # 1 first .. 0 last, ties shared
    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil
    cdef void c_playout(self, uint64_t* rng) noexcept nogil      # playout policy moves to the end
    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil  # default: uniform
    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil  # uniform random moves to the end
    cdef void c_copy_from(self, GameState other) noexcept nogil  # same game and type only
    cdef GameState c_clone(self)
