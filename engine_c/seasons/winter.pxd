# A Castle for All Seasons, winter variant: drawing winter cards and their effects (nogil on CS).
from engine_c.seasons.types cimport CS

cdef bint winter_round(CS* s) noexcept nogil        # round start: draw if marked; True if an offer waits
cdef bint winter_answer(CS* s, int accept) noexcept nogil   # the actor answers the offer; True if more wait
cdef void winter_mods(CS* s) noexcept nogil         # recompute the lasting modifiers from the drawn cards
cdef void winter_final(CS* s) noexcept nogil        # end of game: VP per building of the drawn cards
cdef int winter_offer_ok(CS* s, int p) noexcept nogil   # p may accept the offer of the current card
