# The one game interface every boardlab engine implements.
#
# A state is a cdef class whose whole game position lives in one flat C struct
# (no pointers, no Python objects), so copying a state is a memcpy and the
# search can run entirely without the GIL.  A game's state class binds its
# struct and a table of its C rule functions (GameHooks) in ``__cinit__``; the
# ``c_*`` methods here call through that table, cache the legal actions, copy,
# clone and pickle, once for every game.
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


# A game's C rule functions, each taking a pointer to the game's struct.  A game fills one
# table (its functions cast to these types: the struct pointer is passed as void*) and the
# base class calls through it.  Optional entries may be NULL: the base class then uses its
# generic version (noted on each line).
ctypedef int (*current_player_fn)(void* st) noexcept nogil         # TERMINAL once over
ctypedef int (*legal_actions_fn)(void* st, int* out) noexcept nogil   # 0 once over
ctypedef void (*apply_fn)(void* st, int action) noexcept nogil
ctypedef int (*apply_then_legal_fn)(void* st, int action, int* out) noexcept nogil
ctypedef void (*per_player_fn)(void* st, int* out) noexcept nogil
ctypedef void (*resample_fn)(void* st, int observer, uint64_t* rng) noexcept nogil
ctypedef void (*playout_fn)(void* st, uint64_t* rng) noexcept nogil
ctypedef int (*policy_action_fn)(void* st, int* legal, int n, uint64_t* rng) noexcept nogil
ctypedef void (*new_game_fn)(void* st, int players, uint64_t rng) noexcept nogil
ctypedef int (*secret_choice_fn)(void* st) noexcept nogil
ctypedef int (*evaluate_fn)(void* st, double* out) noexcept nogil
ctypedef int (*rewind_secret_fn)(void* st, int observer, int* replay) noexcept nogil
ctypedef int (*private_choice_fn)(void* st) noexcept nogil

cdef struct GameHooks:
    current_player_fn current_player
    legal_actions_fn legal_actions
    apply_fn apply                         # may be NULL when apply_then_legal is given
    apply_then_legal_fn apply_then_legal   # optional: apply, then fill the next legal actions
    per_player_fn scores                   # current victory points
    per_player_fn ranks                    # optional: by score alone
    resample_fn resample_hidden            # optional: nothing hidden
    playout_fn policy_playout              # optional: policy_action at each decision
    policy_action_fn policy_action         # optional: uniform
    playout_fn random_playout              # optional: a generic uniform loop
    new_game_fn new_game                   # optional: deals the opening (games with options write __init__)
    secret_choice_fn secret_choice         # optional (never): 1 while the player to act chooses in secret, at the
                                           # same time as the others (their choices of the phase revealed together)
    evaluate_fn evaluate                   # optional (never): at a quiet point, fill each player's expected final
                                           # score and return 1; else 0 (truncated playouts, Searcher(cutoff=...))
    evaluate_fn evaluate_learned           # optional (never): the same from a learned network (Searcher(value="net"))
    rewind_secret_fn rewind_secret         # optional (never): undo the phase's secret choices so far when another
                                           # player's is among them (observer cannot see it); the observer's own,
                                           # in the order made, go to replay; return their count, or -1 (unchanged)
    private_choice_fn private_choice       # optional (never): 1 while the player to act makes a choice the others
                                           # never see (which card he pays with, keeps, discards or tucks)
    apply_fn apply_step                    # optional (never): one action without the forced follow-ups `apply`
                                           # plays (decisions with a single legal move), for telling them apart


cdef inline GameHooks game_hooks(void* current_player, void* legal_actions, void* apply, void* scores,
                                 void* apply_then_legal, void* ranks, void* resample_hidden,
                                 void* policy_playout, void* policy_action, void* random_playout,
                                 void* new_game) noexcept:
    """A game's hook table from its C functions (each takes the game's struct pointer first)."""
    cdef GameHooks hooks
    hooks.current_player = <current_player_fn>current_player
    hooks.legal_actions = <legal_actions_fn>legal_actions
    hooks.apply = <apply_fn>apply
    hooks.apply_then_legal = <apply_then_legal_fn>apply_then_legal
    hooks.scores = <per_player_fn>scores
    hooks.ranks = <per_player_fn>ranks
    hooks.resample_hidden = <resample_fn>resample_hidden
    hooks.policy_playout = <playout_fn>policy_playout
    hooks.policy_action = <policy_action_fn>policy_action
    hooks.random_playout = <playout_fn>random_playout
    hooks.new_game = <new_game_fn>new_game
    hooks.secret_choice = NULL          # a game with simultaneous secret choices sets it after this call
    hooks.evaluate = NULL               # a game with a fitted value sets it after this call
    hooks.evaluate_learned = NULL       # a game with a learned value sets it after this call
    hooks.rewind_secret = NULL          # a game with secret choices may set it after this call
    hooks.private_choice = NULL         # a game with unseen choices (hidden hands) sets it after this call
    hooks.apply_step = NULL             # a game whose apply plays forced moves by itself sets it after this call
    return hooks


cdef class GameState:
    cdef char* _data                   # the game's C struct
    cdef Py_ssize_t _size              # sizeof that struct
    cdef const GameHooks* hooks        # the game's rule functions
    cdef readonly int num_players
    # the hash of the game's data file the state was built from (engine_c/content.py; None for
    # games without one): carried by clone and pickling, written into positions when not the default
    cdef readonly object data_hash
    # the legal actions of the position (derived, not state: -1 = not computed yet), so a
    # search step asks the rules once; games whose apply computes them anyway fill it there
    cdef int _nlegal
    cdef int _legal[MAX_LEGAL]

    cdef void bind(self, void* data, Py_ssize_t size, const GameHooks* hooks) noexcept

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
    cdef bint c_secret_choice(self) noexcept nogil               # the player to act chooses in secret, with the others
    cdef bint c_evaluate(self, bint learned, double* out) noexcept nogil   # expected final scores here, if the game can tell
    cdef int c_rewind_secret(self, int observer, int* replay) noexcept nogil  # back to the secret phase's start, or -1
    cdef bint c_private_choice(self) noexcept nogil              # the player to act chooses what the others never see
    cdef void c_copy_from(self, GameState other) noexcept nogil  # same game and type only
    cdef GameState c_clone(self)
