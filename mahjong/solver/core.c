/*
 * The solver's search in C: the CPython extension module `mahjong.solver._core`.
 *
 * This is a line-for-line port of the pure-Python solver (the move search, relaxed play,
 * trying pairings out and the pairing search). The Python solver is the reference: it
 * documents why each step is sound, and the tests check that this core gives the same
 * verdicts, the same plans and the same number of positions searched. So the functions
 * below carry the Python names (search, branch, relaxed_clears, probe, settle, dive,
 * conflict …) and their comments say only what C adds: memory, budgets, the GIL.
 *
 * One entry point, `solve()`, takes the layout's neighbourhoods and the deal's classes
 * as bytes (validated here: a corrupt input raises ValueError, it never reads out of
 * bounds), releases the GIL while it searches, and returns (verdict, plan, nodes).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* -- sets of tiles ------------------------------------------------------------------ */

/* Layouts have 144 tiles; 192 leaves room and keeps a set in three machine words. */
#define MAX_TILES 192
#define WORDS 3
/* A class has at least two tiles, so at most MAX_TILES / 2 classes have tiles left. */
#define MAX_GROUPS (MAX_TILES / 2)
/* The move search's `ruled`: three bits per class (its pairings ruled out). */
#define RULED_WORDS ((3 * MAX_GROUPS + 63) / 64)

typedef struct {
    uint64_t w[WORDS];
} Set;

static inline Set set_empty(void) {
    Set s = {{0}};
    return s;
}
static inline Set set_of(int t) {
    Set s = {{0}};
    s.w[t >> 6] = (uint64_t)1 << (t & 63);
    return s;
}
static inline int set_has(const Set *s, int t) { return (s->w[t >> 6] >> (t & 63)) & 1; }
static inline void set_add(Set *s, int t) { s->w[t >> 6] |= (uint64_t)1 << (t & 63); }
static inline void set_del(Set *s, int t) { s->w[t >> 6] &= ~((uint64_t)1 << (t & 63)); }
static inline Set set_and(Set a, Set b) {
    for (int i = 0; i < WORDS; i++) a.w[i] &= b.w[i];
    return a;
}
static inline Set set_or(Set a, Set b) {
    for (int i = 0; i < WORDS; i++) a.w[i] |= b.w[i];
    return a;
}
static inline Set set_minus(Set a, Set b) {
    for (int i = 0; i < WORDS; i++) a.w[i] &= ~b.w[i];
    return a;
}
static inline int set_any(Set a) { return (a.w[0] | a.w[1] | a.w[2]) != 0; }
static inline int set_meets(const Set *a, const Set *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2])) != 0;
}
static inline int set_eq(Set a, Set b) {
    return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2];
}
static inline int set_count(Set a) {
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) +
           __builtin_popcountll(a.w[2]);
}
/* The lowest tile of a non-empty set. */
static inline int set_lowest(const Set *s) {
    for (int i = 0; i < WORDS; i++)
        if (s->w[i]) return 64 * i + __builtin_ctzll(s->w[i]);
    return -1;
}
/* Takes the lowest tile out of a set and returns it, or -1 when the set is empty. */
static inline int set_pop(Set *s) {
    int t = set_lowest(s);
    if (t >= 0) set_del(s, t);
    return t;
}
/* The tiles of a set in increasing order; returns how many. */
static int set_list(Set s, int *out) {
    int k = 0, t;
    while ((t = set_pop(&s)) >= 0) out[k++] = t;
    return k;
}

/* Small masks of a class's pairings (bit k: pairing k of its domain). */
static inline int bit_count(unsigned m) { return __builtin_popcount(m); }
static inline int several(unsigned m) { return (m & (m - 1)) != 0; }
static inline int top_bit(unsigned m) { return 31 - __builtin_clz(m); }

/* -- the project's pseudo-random generator (mahjong.rules.prng.SplitMix64) ------------- */

typedef struct {
    uint64_t state;
} Rng;

static uint64_t rng_next64(Rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static uint64_t rng_below(Rng *rng, uint64_t n) {
    return (uint64_t)(((unsigned __int128)rng_next64(rng) * n) >> 64);
}
static void rng_shuffle(Rng *rng, int *items, int count) {
    for (int i = count - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint64_t)i + 1);
        int tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
    }
}

/* -- the positions proven lost --------------------------------------------------------- */

/* A key is the exact set of remaining tiles and the pairings ruled out per class. */
typedef struct {
    Set present;
    uint64_t ruled[RULED_WORDS];
} Key;

/* An open-addressing hash set of keys. A slot whose `present` is empty is free: the
 * search never asks about the empty board (it is won). Forgetting a lost position is
 * always sound (it is only searched again), so past LOST_MAX_SLOTS the table stops
 * growing and new keys are not kept: a 10 s search cannot take all the memory. */
#define LOST_MAX_SLOTS (1u << 22)
typedef struct {
    Key *slots;
    size_t capacity; /* a power of two */
    size_t count;
} LostSet;

static uint64_t key_hash(const Key *k) {
    uint64_t h = 0x243F6A8885A308D3ULL;
    for (int i = 0; i < WORDS; i++) h = (h ^ k->present.w[i]) * 0x100000001B3ULL, h ^= h >> 29;
    for (int i = 0; i < RULED_WORDS; i++) h = (h ^ k->ruled[i]) * 0x100000001B3ULL, h ^= h >> 29;
    return h ^ (h >> 32);
}
static int key_eq(const Key *a, const Key *b) { return memcmp(a, b, sizeof(Key)) == 0; }

static Key *lost_slot(const LostSet *set, const Key *k) {
    size_t mask = set->capacity - 1, i = key_hash(k) & mask;
    while (set_any(set->slots[i].present) && !key_eq(&set->slots[i], k)) i = (i + 1) & mask;
    return &set->slots[i];
}
static int lost_has(const LostSet *set, const Key *k) {
    return set_any(lost_slot(set, k)->present);
}
static void lost_clear(LostSet *set) {
    memset(set->slots, 0, set->capacity * sizeof(Key));
    set->count = 0;
}
/* Returns 0, or -1 when memory ran out. */
static int lost_add(LostSet *set, const Key *k) {
    if (2 * (set->count + 1) > set->capacity) {
        if (set->capacity >= LOST_MAX_SLOTS) {
            if (4 * (set->count + 1) > 3 * set->capacity) return 0; /* full: forget it */
        } else {
            LostSet bigger = {calloc(2 * set->capacity, sizeof(Key)), 2 * set->capacity, 0};
            if (!bigger.slots) return -1;
            for (size_t i = 0; i < set->capacity; i++)
                if (set_any(set->slots[i].present)) {
                    *lost_slot(&bigger, &set->slots[i]) = set->slots[i];
                    bigger.count++;
                }
            free(set->slots);
            *set = bigger;
        }
    }
    Key *slot = lost_slot(set, k);
    if (!set_any(slot->present)) {
        *slot = *k;
        set->count++;
    }
    return 0;
}

/* -- the solver's state --------------------------------------------------------------- */

typedef struct {
    int a, b;
} Pair;

/* How a search ends early: what Python raises as _Restart and _OutOfBudget. An error
 * (no memory) also stops the search, with `Solver.error` saying which. */
enum { LOST = 0, WON = 1, RESTART = 2, STOP = 3 };
enum { FINE = 0, NO_MEMORY, BROKEN };

/* The verdicts, as the Python wrapper maps them onto mahjong.solver.search.Verdict. */
enum { V_WINNABLE = 0, V_NOT_WINNABLE = 1, V_UNKNOWN = 2 };

typedef struct PairingSearch PairingSearch;

typedef struct {
    /* The layout (mahjong.solver.search._Shape), per tile. */
    int n;
    Set cover[MAX_TILES], left[MAX_TILES], right[MAX_TILES], above[MAX_TILES],
        zone[MAX_TILES];
    int touch_start[MAX_TILES + 1]; /* touch[t] is touch_list[touch_start[t] ...] */
    int touch_list[MAX_TILES * MAX_TILES];
    int cls[MAX_TILES];
    int classes;

    /* The budgets. */
    int has_deadline;
    double deadline;
    clockid_t clock;
    int64_t nodes, max_nodes; /* max_nodes < 0: no bound */
    int64_t restart_at;
    int relax;
    int error;

    /* The classes with tiles left (Python's groups) and their pairings. */
    int groups;
    int group_of[MAX_TILES];
    int group_tiles[MAX_GROUPS][4];
    int group_size[MAX_GROUPS];
    Set group_mask[MAX_GROUPS];
    Pair domain[MAX_GROUPS][3][2];
    int domain_size[MAX_GROUPS], pairs_per[MAX_GROUPS];
    unsigned allowed[MAX_GROUPS], full_allowed[MAX_GROUPS];
    int partner[MAX_TILES];
    Set mates[MAX_TILES];

    uint32_t order[MAX_TILES];
    LostSet lost;

    /* One relaxed play's `seen` per level of the move search (allocated when first
     * reached): a level's hint lives while its position is searched, and is passed
     * down to the positions below it, which write theirs one level deeper. */
    int levels;
    Set **hints;

    Pair *plan;
    int plan_len, plan_cap;
} Solver;

static double now(const Solver *s) {
    struct timespec ts;
    clock_gettime(s->clock, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
static int past_deadline(const Solver *s) { return s->has_deadline && now(s) > s->deadline; }

/* Python's _spend: count one position searched (or a pairing-search relaxed play). */
static int spend(Solver *s) {
    s->nodes++;
    if (s->has_deadline && !(s->nodes & 15) && now(s) > s->deadline) return STOP;
    if (s->max_nodes >= 0 && s->nodes > s->max_nodes) return STOP;
    return LOST;
}
/* Python's _tick: a position of the move search, which also ends the attempt. */
static int tick(Solver *s) {
    if (spend(s) != LOST) return STOP;
    return s->nodes > s->restart_at ? RESTART : LOST;
}

static int plan_push(Solver *s, int a, int b) {
    if (s->plan_len == s->plan_cap) {
        s->error = BROKEN; /* a plan has at most n / 2 pairs: the capacity */
        return STOP;
    }
    s->plan[s->plan_len].a = a;
    s->plan[s->plan_len].b = b;
    s->plan_len++;
    return LOST;
}

/* -- the free rule on sets ------------------------------------------------------------ */

static inline int is_free(const Solver *s, int t, const Set *present) {
    return !set_meets(&s->cover[t], present) &&
           (!set_meets(&s->left[t], present) || !set_meets(&s->right[t], present));
}

static Set free_set(const Solver *s, Set present) {
    Set free_tiles = set_empty(), rest = present;
    int t;
    while ((t = set_pop(&rest)) >= 0)
        if (is_free(s, t, &present)) set_add(&free_tiles, t);
    return free_tiles;
}

/* Python's _after: the free set once the tiles `gone` are out of `present`. */
static Set after(const Solver *s, const Set *present, Set free_tiles, const int *gone, int count) {
    for (int j = 0; j < count; j++) set_del(&free_tiles, gone[j]);
    for (int j = 0; j < count; j++) {
        int t = gone[j];
        for (int x = s->touch_start[t]; x < s->touch_start[t + 1]; x++) {
            int i = s->touch_list[x];
            if (set_has(present, i) && !set_has(&free_tiles, i) && is_free(s, i, present))
                set_add(&free_tiles, i);
        }
    }
    return free_tiles;
}

/* -- pairings ------------------------------------------------------------------------- */

/* Python's _possible: whether a pairing could ever be played. */
static int possible(const Solver *s, const Pair *pairing, int pairs) {
    Set both[2], over[2];
    for (int i = 0; i < pairs; i++) {
        int a = pairing[i].a, b = pairing[i].b;
        if (set_has(&s->above[a], b) || set_has(&s->above[b], a)) return 0;
        both[i] = set_or(set_of(a), set_of(b));
        over[i] = set_or(s->above[a], s->above[b]);
    }
    if (pairs == 2 && set_meets(&over[0], &both[1]) && set_meets(&over[1], &both[0]))
        return 0; /* each pair lies over the other */
    return 1;
}

/* Python's _allow: restrict class g to the pairings of its domain in `allowed`. */
static void allow(Solver *s, int g, unsigned allowed) {
    s->allowed[g] = allowed;
    const int *tiles = s->group_tiles[g];
    int size = s->group_size[g], chosen = 0, last = -1;
    for (int i = 0; i < size; i++) s->mates[tiles[i]] = set_empty();
    for (int k = 0; k < s->domain_size[g]; k++) {
        if (!(allowed >> k & 1)) continue;
        chosen++;
        last = k;
        for (int p = 0; p < s->pairs_per[g]; p++) {
            int a = s->domain[g][k][p].a, b = s->domain[g][k][p].b;
            set_add(&s->mates[a], b);
            set_add(&s->mates[b], a);
        }
    }
    if (chosen == 1) {
        for (int p = 0; p < s->pairs_per[g]; p++) {
            int a = s->domain[g][last][p].a, b = s->domain[g][last][p].b;
            s->partner[a] = b;
            s->partner[b] = a;
        }
    } else {
        for (int i = 0; i < size; i++) s->partner[tiles[i]] = -1;
    }
}

/* mahjong.solver.pairings.agrees: each tile of the pairing had its partner in `seen`. */
static int agrees(const Set *seen, const Pair *pairing, int pairs) {
    for (int p = 0; p < pairs; p++)
        if (!set_has(&seen[pairing[p].a], pairing[p].b) ||
            !set_has(&seen[pairing[p].b], pairing[p].a))
            return 0;
    return 1;
}
static int agrees_with(const Solver *s, const Set *seen, int g, int k) {
    return agrees(seen, s->domain[g][k], s->pairs_per[g]);
}

/* -- relaxed play --------------------------------------------------------------------- */

/* Python's _relaxed_clears. `seen`, when not NULL, receives for each tile that goes the
 * partners it could have gone with. */
static int relaxed_clears(const Solver *s, Set present, Set free_tiles, Set *seen) {
    const Set *mates = s->mates;
    Set blocked = set_minus(present, free_tiles);
    int stack[MAX_TILES], top = set_list(free_tiles, stack);
    while (top > 0) {
        int t = stack[--top];
        Set ready = set_and(set_minus(set_or(mates[t], set_of(t)), blocked), present);
        int m;
        while ((m = set_pop(&ready)) >= 0) {
            Set partners = set_minus(mates[m], blocked);
            if (!set_any(partners)) continue;
            set_del(&present, m);
            if (seen) seen[m] = partners;
            for (int x = s->touch_start[m]; x < s->touch_start[m + 1]; x++) {
                int i = s->touch_list[x];
                /* A tile is pushed once, when it stops being blocked: the stack holds
                 * at most n tiles. */
                if (set_has(&blocked, i) && is_free(s, i, &present)) {
                    set_del(&blocked, i);
                    stack[top++] = i;
                }
            }
        }
    }
    return !set_any(present);
}

/* -- the move search -------------------------------------------------------------------- */

static void ruled_clear(uint64_t *ruled, int g) {
    int shift = 3 * g;
    ruled[shift >> 6] &= ~((uint64_t)7 << (shift & 63));
    if ((shift & 63) > 61) ruled[(shift >> 6) + 1] &= ~((uint64_t)7 >> (64 - (shift & 63)));
}
static void ruled_mark(uint64_t *ruled, int g, unsigned bits) {
    int shift = 3 * g;
    ruled[shift >> 6] |= (uint64_t)bits << (shift & 63);
    if ((shift & 63) > 61) ruled[(shift >> 6) + 1] |= (uint64_t)bits >> (64 - (shift & 63));
}

/* Python's _agrees: the relaxed play `hint` still clears `present` with class g's
 * pairings as they are now. */
static int hint_agrees(const Solver *s, const Set *hint, int g, const Set *present) {
    for (int i = 0; i < s->group_size[g]; i++) {
        int t = s->group_tiles[g][i];
        if (set_has(present, t) && !set_meets(&hint[t], &s->mates[t])) return 0;
    }
    return 1;
}

typedef struct {
    long rank;
    int k;
    Pair pair;
} Play;

static int play_before(const Play *x, const Play *y) {
    if (x->rank != y->rank) return x->rank < y->rank;
    if (x->k != y->k) return x->k < y->k;
    if (x->pair.a != y->pair.a) return x->pair.a < y->pair.a;
    return x->pair.b < y->pair.b;
}

/* Python's _branch: the class to settle next, its plays in the order to try (at most
 * three pairings of two pairs) and the mask of its other pairings. Returns the class, or
 * -1 when no class of four has a free pair. */
static int branch(const Solver *s, Set present, Set free_tiles, const Set *hint, Play *plays,
                  int *count, unsigned *rest) {
    int best = -1;
    uint32_t best_score = 0;
    for (int g = 0; g < s->groups; g++) {
        Set mine = set_and(present, s->group_mask[g]), f = set_and(free_tiles, mine);
        if (set_count(f) < 2 || set_count(mine) != 4) continue;
        unsigned options = s->allowed[g];
        if (!several(options)) continue;
        uint32_t score = s->order[s->group_tiles[g][0]];
        if (best >= 0 && score >= best_score) continue;
        Play found[6];
        int n = 0;
        for (int k = 0; k < s->domain_size[g]; k++) {
            if (!(options >> k & 1)) continue;
            for (int p = 0; p < 2; p++) {
                Pair pair = s->domain[g][k][p];
                if (!set_has(&f, pair.a) || !set_has(&f, pair.b)) continue;
                long rank = (long)s->order[pair.a] + s->order[pair.b];
                if (hint && !agrees_with(s, hint, g, k)) rank += 1L << 20;
                found[n].rank = rank;
                found[n].k = k;
                found[n].pair = pair;
                n++;
            }
        }
        if (n) {
            best = g;
            best_score = score;
            memcpy(plays, found, n * sizeof(Play));
            *count = n;
        }
    }
    if (best < 0) return -1;
    for (int i = 1; i < *count; i++) /* insertion sort: Python's sort of the tuples */
        for (int j = i; j > 0 && play_before(&plays[j], &plays[j - 1]); j--) {
            Play tmp = plays[j];
            plays[j] = plays[j - 1];
            plays[j - 1] = tmp;
        }
    *rest = s->allowed[best];
    for (int i = 0; i < *count; i++) *rest &= ~(1u << plays[i].k);
    return best;
}

/* The hint buffer of a level of the move search, or NULL when memory ran out. */
static Set *hint_at(Solver *s, int level) {
    if (level >= s->levels) return NULL;
    if (!s->hints[level]) s->hints[level] = malloc(MAX_TILES * sizeof(Set));
    return s->hints[level];
}

/* Python's forced moves at the start of _search: plays what goes at once. Returns STOP
 * only on an internal error. */
static int forced_moves(Solver *s, Set *present, Set *free_tiles, Set fresh, uint64_t *ruled) {
    int t;
    while ((t = set_pop(&fresh)) >= 0) {
        if (!set_has(present, t)) continue;
        int g = s->group_of[t], gone[4], count;
        Set mine = set_and(*present, s->group_mask[g]);
        if (set_eq(set_and(mine, *free_tiles), mine)) {
            if (set_count(mine) == 4) {
                ruled_clear(ruled, g);
                const Pair *pairing = s->domain[g][top_bit(s->allowed[g])];
                if (plan_push(s, pairing[0].a, pairing[0].b) ||
                    plan_push(s, pairing[1].a, pairing[1].b))
                    return STOP;
                gone[0] = pairing[0].a, gone[1] = pairing[0].b;
                gone[2] = pairing[1].a, gone[3] = pairing[1].b;
                count = 4;
            } else {
                count = set_list(mine, gone); /* the class's last two tiles */
                if (plan_push(s, gone[0], gone[1])) return STOP;
            }
        } else {
            int p = s->partner[t];
            if (p < 0 || !set_has(free_tiles, p)) continue;
            if (set_count(mine) == 4) ruled_clear(ruled, g);
            gone[0] = t, gone[1] = p, count = 2;
            if (plan_push(s, t, p)) return STOP;
        }
        for (int j = 0; j < count; j++) set_del(present, gone[j]);
        Set next = after(s, present, *free_tiles, gone, count);
        fresh = set_or(fresh, set_minus(next, *free_tiles));
        *free_tiles = next;
    }
    return LOST;
}

/* Python's _search: whether `present` can be cleared with the pairings still allowed
 * (WON, LOST), or RESTART / STOP. */
static int search(Solver *s, Set present, Set free_tiles, Set fresh, const uint64_t *ruled_in,
                  const Set *cleared_by, int level) {
    int depth = s->plan_len;
    uint64_t ruled[RULED_WORDS];
    memcpy(ruled, ruled_in, sizeof ruled);
    if (forced_moves(s, &present, &free_tiles, fresh, ruled)) return STOP;
    if (!set_any(present)) return WON;
    int r = tick(s);
    if (r) return r;
    Key key, bare;
    key.present = present;
    memcpy(key.ruled, ruled, sizeof ruled);
    bare.present = present;
    memset(bare.ruled, 0, sizeof bare.ruled);
    const Set *hint = NULL;
    if (s->relax) {
        hint = cleared_by;
        if (!hint && !lost_has(&s->lost, &key) && !lost_has(&s->lost, &bare)) {
            Set *fresh_hint = hint_at(s, level);
            if (!fresh_hint) {
                s->error = level >= s->levels ? BROKEN : NO_MEMORY;
                return STOP;
            }
            memset(fresh_hint, 0, s->n * sizeof(Set));
            hint = fresh_hint;
            if (!relaxed_clears(s, present, free_tiles, fresh_hint) && lost_add(&s->lost, &key))
                goto no_memory;
        }
    }
    if (lost_has(&s->lost, &key) || lost_has(&s->lost, &bare)) goto lost;
    Play plays[6];
    int count = 0;
    unsigned rest = 0;
    int g = branch(s, present, free_tiles, hint, plays, &count, &rest);
    if (g >= 0) {
        unsigned before = s->allowed[g];
        uint64_t below[RULED_WORDS];
        memcpy(below, ruled, sizeof below);
        ruled_clear(below, g);
        for (int i = 0; i < count; i++) {
            Pair pair = plays[i].pair;
            allow(s, g, 1u << plays[i].k);
            if (plan_push(s, pair.a, pair.b)) return STOP;
            Set gone = present;
            set_del(&gone, pair.a);
            set_del(&gone, pair.b);
            int pair_tiles[2] = {pair.a, pair.b};
            Set next = after(s, &gone, free_tiles, pair_tiles, 2);
            const Set *still = s->relax && hint_agrees(s, hint, g, &gone) ? hint : NULL;
            r = search(s, gone, next, set_minus(next, free_tiles), below, still, level + 1);
            if (r) return r;
            s->plan_len--;
        }
        if (rest) {
            /* None of the pairs free now: the class waits with its other pairings. */
            allow(s, g, rest);
            uint64_t waiting[RULED_WORDS];
            memcpy(waiting, below, sizeof waiting);
            ruled_mark(waiting, g, s->full_allowed[g] ^ rest);
            const Set *still = s->relax && hint_agrees(s, hint, g, &present) ? hint : NULL;
            r = search(s, present, free_tiles, set_empty(), waiting, still, level + 1);
            if (r) return r;
        }
        allow(s, g, before);
    }
lost:
    if (lost_add(&s->lost, &key)) goto no_memory;
    s->plan_len = depth;
    return LOST;
no_memory:
    s->error = NO_MEMORY;
    return STOP;
}

/* Python's _play_out: the plan once every class's pairing is settled. */
static int play_out(Solver *s, Set present, Set free_tiles) {
    s->plan_len = 0;
    while (set_any(present)) {
        Set rest = free_tiles;
        int t, found = 0;
        while ((t = set_pop(&rest)) >= 0) {
            int p = s->partner[t];
            if (p >= 0 && set_has(&free_tiles, p)) {
                found = 1;
                break;
            }
        }
        if (!found) {
            s->error = BROKEN;
            return STOP;
        }
        int pair[2] = {t, s->partner[t]};
        if (plan_push(s, pair[0], pair[1])) return STOP;
        set_del(&present, pair[0]);
        set_del(&present, pair[1]);
        free_tiles = after(s, &present, free_tiles, pair, 2);
    }
    return WON;
}

/* -- trying pairings out (Python's _probe) --------------------------------------------- */

typedef struct {
    Solver *s;
    Set present, free_tiles;
    int zones[MAX_GROUPS][MAX_GROUPS], zone_size[MAX_GROUPS];
    Set base[MAX_TILES], witness[MAX_TILES];
} Probe;

/* The first pairing in `options` that the relaxed play `seen` fits with class h held
 * to it, or -1. */
static int fits(const Solver *s, const Set *seen, int h, unsigned options) {
    for (int j = 0; j < s->domain_size[h]; j++)
        if (options >> j & 1 && agrees_with(s, seen, h, j)) return j;
    return -1;
}

/* The pairing in `options` that the relaxed play `seen` comes closest to (the first
 * of the best, as Python's max). */
static int nearest(const Solver *s, const Set *seen, int h, unsigned options) {
    int best = -1, best_score = -1;
    for (int j = 0; j < s->domain_size[h]; j++) {
        if (!(options >> j & 1)) continue;
        int score = 0;
        for (int p = 0; p < s->pairs_per[h]; p++) {
            Pair pair = s->domain[h][j][p];
            score += set_has(&seen[pair.a], pair.b) + set_has(&seen[pair.b], pair.a);
        }
        if (score > best_score) best = j, best_score = score;
    }
    return best;
}

/* Python's settle (inside _probe): relaxed play stays alive with each class of
 * `pending` held to some pairing of its own. Returns 1, 0, or STOP (out of time). */
static int settle_pending(Probe *pr, const int *pending, int count, const Set *witness) {
    Solver *s = pr->s;
    if (!count) return 1;
    if (past_deadline(s)) return STOP;
    if (count == 1) {
        int h = pending[0];
        unsigned others = s->allowed[h];
        for (int j = 0; j < s->domain_size[h]; j++) {
            if (!(others >> j & 1)) continue;
            allow(s, h, 1u << j);
            int alive = relaxed_clears(s, pr->present, pr->free_tiles, NULL);
            allow(s, h, others);
            if (alive) return 1;
        }
        return 0;
    }
    unsigned held[MAX_GROUPS];
    for (int i = 0; i < count; i++) held[i] = s->allowed[pending[i]];
    for (int i = 0; i < count; i++)
        allow(s, pending[i], 1u << nearest(s, witness, pending[i], held[i]));
    int alive = relaxed_clears(s, pr->present, pr->free_tiles, NULL);
    for (int i = 0; i < count; i++) allow(s, pending[i], held[i]);
    if (alive) return 1;
    int half = count / 2;
    int r = settle_pending(pr, pending, half, witness);
    if (r != 1) return r;
    return settle_pending(pr, pending + half, count - half, witness);
}

static void relaxed_into(Probe *pr, Set *seen) {
    memset(seen, 0, pr->s->n * sizeof(Set));
    relaxed_clears(pr->s, pr->present, pr->free_tiles, seen);
}

/* One class g of four: the mask of its pairings that survive trying out. */
static int probe_class(Probe *pr, int g, unsigned options, unsigned *keep) {
    Solver *s = pr->s;
    *keep = options;
    for (int k = 0; k < s->domain_size[g]; k++) {
        if (!(options >> k & 1)) continue;
        const Set *witness = pr->base;
        if (fits(s, pr->base, g, 1u << k) < 0) {
            memset(pr->witness, 0, s->n * sizeof(Set));
            allow(s, g, 1u << k);
            int alive = relaxed_clears(s, pr->present, pr->free_tiles, pr->witness);
            allow(s, g, options);
            if (!alive) {
                *keep &= ~(1u << k);
                continue;
            }
            witness = pr->witness;
        }
        allow(s, g, 1u << k);
        int pending[MAX_GROUPS], count = 0;
        for (int i = 0; i < pr->zone_size[g]; i++) {
            int h = pr->zones[g][i];
            if (several(s->allowed[h]) && fits(s, witness, h, s->allowed[h]) < 0)
                pending[count++] = h;
        }
        int r = settle_pending(pr, pending, count, witness);
        if (r == STOP) return STOP;
        if (!r) *keep &= ~(1u << k);
        allow(s, g, options);
    }
    return LOST;
}

/* Python's _probe: 1 when the position may still be won, 0 when a class has no
 * pairing left (lost), STOP when out of time. */
static int probe(Solver *s, Set present, Set free_tiles) {
    Probe *pr = calloc(1, sizeof(Probe));
    if (!pr) {
        s->error = NO_MEMORY;
        return STOP;
    }
    pr->s = s, pr->present = present, pr->free_tiles = free_tiles;
    int whole[MAX_GROUPS], wholes = 0;
    for (int g = 0; g < s->groups; g++)
        if (s->group_size[g] == 4) whole[wholes++] = g;
    for (int i = 0; i < wholes; i++) {
        int g = whole[i];
        Set zone = set_empty();
        for (int j = 0; j < 4; j++) zone = set_or(zone, s->zone[s->group_tiles[g][j]]);
        for (int j = 0; j < wholes; j++) {
            int h = whole[j];
            if (h != g && set_meets(&s->group_mask[h], &zone))
                pr->zones[g][pr->zone_size[g]++] = h;
        }
    }
    int result = 1, changed = 1;
    while (changed && result == 1) {
        changed = 0;
        relaxed_into(pr, pr->base);
        for (int i = 0; i < wholes; i++) {
            int g = whole[i];
            if (past_deadline(s)) {
                result = STOP;
                break;
            }
            unsigned options = s->allowed[g], keep;
            if (!several(options)) continue;
            if (probe_class(pr, g, options, &keep) == STOP) {
                result = STOP;
                break;
            }
            allow(s, g, keep);
            if (!keep) {
                result = 0;
                break;
            }
            if (keep != options) {
                changed = 1;
                relaxed_into(pr, pr->base);
            }
        }
    }
    if (result == 1) result = relaxed_clears(s, present, free_tiles, NULL);
    free(pr);
    return result;
}

/* -- the pairing search (mahjong.solver.pairings) ---------------------------------------- */

/* Python runs the pairing search as generators that yield when a turn's budget is spent,
 * and resumes them at the next turn. Here the search is the same plain recursion, run on
 * a thread of its own used as a coroutine: exactly one of the two threads runs at any
 * time, and they hand over with two semaphores. So the turns stop and resume at the
 * same relaxed play as in Python. */
struct PairingSearch {
    Solver *s;
    Set present, free_tiles;
    int64_t budget, plays;
    unsigned loose[MAX_GROUPS];
    int order[MAX_GROUPS], classes;
    int preferred[MAX_GROUPS][3], preferred_size[MAX_GROUPS];
    int value[MAX_GROUPS];
    Set seen[MAX_TILES];

    pthread_t thread;
    sem_t resume, paused;
    int started, finished, cancelled;
    int result; /* 1 won, 0 lost, STOP */
};

static void ps_set(PairingSearch *ps, int g, int k) {
    ps->value[g] = k;
    allow(ps->s, g, k < 0 ? ps->loose[g] : 1u << k);
}

/* Python's _clears: first waits for the next turn when this one's budget is spent. */
static int ps_clears(PairingSearch *ps, Set *seen) {
    while (ps->plays >= ps->budget) {
        sem_post(&ps->paused);
        while (sem_wait(&ps->resume) && errno == EINTR) {
        }
        if (ps->cancelled) return STOP;
    }
    ps->plays++;
    if (spend(ps->s) != LOST) return STOP;
    if (seen) memset(seen, 0, ps->s->n * sizeof(Set));
    return relaxed_clears(ps->s, ps->present, ps->free_tiles, seen);
}

static void move_to_front(int *items, int size, int at) {
    int item = items[at];
    memmove(items + 1, items, at * sizeof(int));
    items[0] = item;
    (void)size;
}

/* Python's _dive: sets *failed to where relaxed play failed (the number of classes
 * when it never did, -1 before the first). */
static int ps_dive(PairingSearch *ps, int start, int *failed) {
    Solver *s = ps->s;
    int r = ps_clears(ps, ps->seen);
    if (r == STOP) return STOP;
    if (!r) {
        *failed = -1;
        return LOST;
    }
    for (int i = start; i < ps->classes; i++) {
        int g = ps->order[i], *options = ps->preferred[g], size = ps->preferred_size[g];
        int agreeing = -1;
        for (int j = 0; j < size && agreeing < 0; j++)
            if (agrees_with(s, ps->seen, g, options[j])) agreeing = j;
        if (agreeing >= 0) {
            move_to_front(options, size, agreeing);
            ps_set(ps, g, options[0]);
            continue;
        }
        ps_set(ps, g, options[0]);
        r = ps_clears(ps, ps->seen);
        if (r == STOP) return STOP;
        if (!r) {
            *failed = i;
            return LOST;
        }
    }
    *failed = ps->classes;
    return LOST;
}

/* Python's _conflict: sets *needed_count; the needed classes lead the order from
 * `start` on. */
static int ps_conflict(PairingSearch *ps, int start, int failed, int *needed_count) {
    int needed[MAX_GROUPS], loosened[MAX_GROUPS], nn = 0, nl = 0;
    needed[nn++] = ps->order[failed];
    for (int i = failed - 1; i >= start; i--) {
        int g = ps->order[i], k = ps->value[g];
        ps_set(ps, g, -1);
        int r = ps_clears(ps, NULL);
        if (r == STOP) return STOP;
        if (r) {
            ps_set(ps, g, k); /* the failure needs this pairing */
            needed[nn++] = g;
        } else {
            int *options = ps->preferred[g], size = ps->preferred_size[g], first = options[0];
            memmove(options, options + 1, (size - 1) * sizeof(int));
            options[size - 1] = first;
            loosened[nl++] = g;
        }
    }
    int at = start;
    for (int i = 0; i < nn; i++) ps->order[at++] = needed[i];
    for (int i = nl - 1; i >= 0; i--) ps->order[at++] = loosened[i];
    *needed_count = nn;
    return LOST;
}

/* Python's _settle: 1 when the classes from `start` on can be settled so that the
 * board clears, 0 when not, STOP. */
static int ps_settle(PairingSearch *ps, int start) {
    int failed, needed, r;
    if (ps_dive(ps, start, &failed) == STOP) return STOP;
    if (failed == ps->classes) return 1;
    if (failed < 0) return 0;
    if (ps_conflict(ps, start, failed, &needed) == STOP) return STOP;
    for (int i = start + needed - 1; i >= start; i--) {
        int g = ps->order[i], others[3], count = ps->preferred_size[g] - 1;
        memcpy(others, ps->preferred[g] + 1, count * sizeof(int)); /* Python's [1:] copy */
        for (int j = 0; j < count; j++) {
            ps_set(ps, g, others[j]);
            r = ps_settle(ps, i + 1);
            if (r) return r;
        }
        ps_set(ps, g, -1);
    }
    return 0;
}

static void *ps_thread(void *arg) {
    PairingSearch *ps = arg;
    while (sem_wait(&ps->resume) && errno == EINTR) {
    }
    ps->result = ps->cancelled ? STOP : ps_settle(ps, 0);
    ps->finished = 1;
    sem_post(&ps->paused);
    return NULL;
}

static PairingSearch *ps_new(Solver *s, Set present, Set free_tiles, Rng *rng) {
    PairingSearch *ps = calloc(1, sizeof(PairingSearch));
    if (!ps) return NULL;
    ps->s = s, ps->present = present, ps->free_tiles = free_tiles;
    memcpy(ps->loose, s->full_allowed, sizeof ps->loose);
    for (int g = 0; g < s->groups; g++)
        if (several(ps->loose[g]) && set_eq(set_and(present, s->group_mask[g]), s->group_mask[g]))
            ps->order[ps->classes++] = g;
    rng_shuffle(rng, ps->order, ps->classes);
    for (int i = 0; i < ps->classes; i++) {
        int g = ps->order[i], size = 0;
        for (int k = 0; k < s->domain_size[g]; k++)
            if (ps->loose[g] >> k & 1) ps->preferred[g][size++] = k;
        rng_shuffle(rng, ps->preferred[g], size);
        ps->preferred_size[g] = size;
        ps->value[g] = -1;
    }
    if (sem_init(&ps->resume, 0, 0) || sem_init(&ps->paused, 0, 0)) {
        free(ps);
        return NULL;
    }
    return ps;
}

/* Python's PairingSearch.run: 1 won, 0 lost, -1 when the budget ran out first, STOP. */
static int ps_run(PairingSearch *ps, int64_t budget) {
    ps->budget = ps->plays + budget;
    for (int i = 0; i < ps->classes; i++) ps_set(ps, ps->order[i], ps->value[ps->order[i]]);
    if (!ps->started) {
        if (pthread_create(&ps->thread, NULL, ps_thread, ps)) {
            ps->s->error = NO_MEMORY;
            return STOP;
        }
        ps->started = 1;
    }
    sem_post(&ps->resume);
    while (sem_wait(&ps->paused) && errno == EINTR) {
    }
    if (!ps->finished) return -1;
    return ps->result;
}

/* Ends a search that is paused in the middle (its thread unwinds and exits). */
static void ps_free(PairingSearch *ps) {
    if (!ps) return;
    if (ps->started) {
        if (!ps->finished) {
            ps->cancelled = 1;
            sem_post(&ps->resume);
            while (sem_wait(&ps->paused) && errno == EINTR) {
            }
        }
        pthread_join(ps->thread, NULL);
    }
    sem_destroy(&ps->resume);
    sem_destroy(&ps->paused);
    free(ps);
}

/* -- solve ------------------------------------------------------------------------------ */

typedef struct {
    long long relax_after, restart_unit, probe_after, pairing_after, pairing_unit;
} Settings;

static int64_t luby(int64_t i) {
    for (;;) {
        int k = 64 - __builtin_clzll((uint64_t)i);
        if (i == ((int64_t)1 << k) - 1) return (int64_t)1 << (k - 1);
        i -= ((int64_t)1 << (k - 1)) - 1;
    }
}

/* a * b without overflow: the budgets are compared, never used to size anything. */
#define HUGE_BUDGET ((int64_t)1 << 62)
static int64_t times(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a > 0 ? a > HUGE_BUDGET / b : a < -HUGE_BUDGET / b) return a > 0 ? HUGE_BUDGET : -HUGE_BUDGET;
    return a * b;
}
static int64_t plus(int64_t a, int64_t b) {
    if (b > 0 && a > HUGE_BUDGET - b) return HUGE_BUDGET;
    if (b < 0 && a < -HUGE_BUDGET - b) return -HUGE_BUDGET;
    return a + b;
}
/* unit << power, saturated. */
static int64_t doubled(int64_t unit, int64_t power) {
    for (int64_t i = 0; i < power && unit != HUGE_BUDGET && unit != -HUGE_BUDGET; i++)
        unit = times(unit, 2);
    return unit;
}

/* The classes with tiles left and their possible pairings. Returns 0 when a class has
 * none (the position is lost at once). */
static int build_groups(Solver *s, Set present) {
    s->groups = 0;
    for (int t = 0; t < s->n; t++) s->group_of[t] = -1, s->partner[t] = -1;
    memset(s->mates, 0, sizeof s->mates);
    for (int c = 0; c < s->classes; c++) {
        int tiles[4], size = 0;
        for (int t = 0; t < s->n; t++)
            if (s->cls[t] == c && set_has(&present, t)) tiles[size++] = t;
        if (!size) continue;
        int g = s->groups, k = 0;
        Pair options[3][2];
        if (size == 2) {
            options[0][0] = (Pair){tiles[0], tiles[1]};
        } else {
            options[0][0] = (Pair){tiles[0], tiles[1]}, options[0][1] = (Pair){tiles[2], tiles[3]};
            options[1][0] = (Pair){tiles[0], tiles[2]}, options[1][1] = (Pair){tiles[1], tiles[3]};
            options[2][0] = (Pair){tiles[0], tiles[3]}, options[2][1] = (Pair){tiles[1], tiles[2]};
        }
        int pairs = size / 2, all = size == 2 ? 1 : 3;
        for (int j = 0; j < all; j++)
            if (possible(s, options[j], pairs)) memcpy(s->domain[g][k++], options[j], sizeof options[j]);
        if (!k) return 0;
        s->group_size[g] = size, s->pairs_per[g] = pairs, s->domain_size[g] = k;
        memcpy(s->group_tiles[g], tiles, sizeof tiles);
        s->group_mask[g] = set_empty();
        for (int i = 0; i < size; i++) {
            s->group_of[tiles[i]] = g;
            set_add(&s->group_mask[g], tiles[i]);
        }
        s->groups++;
        allow(s, g, (1u << k) - 1);
    }
    memcpy(s->full_allowed, s->allowed, sizeof s->allowed);
    return 1;
}

/* Python's Solver.solve after the checks: the verdict (V_…), with the plan in s->plan. */
static int solve_position(Solver *s, Set present, double time_limit, int has_limit,
                          const Settings *cfg) {
    s->nodes = 0;
    s->has_deadline = has_limit;
    if (has_limit) s->deadline = now(s) + time_limit;
    s->plan_len = 0;
    if (!set_any(present)) return V_WINNABLE;
    if (!build_groups(s, present)) return V_NOT_WINNABLE;
    int *start_partner = malloc(sizeof s->partner);
    Set *start_mates = malloc(sizeof s->mates);
    s->lost.capacity = 1024;
    s->lost.count = 0;
    s->lost.slots = calloc(s->lost.capacity, sizeof(Key));
    if (!start_partner || !start_mates || !s->lost.slots) {
        free(start_partner);
        free(start_mates);
        s->error = NO_MEMORY;
        return V_UNKNOWN;
    }
    memcpy(start_partner, s->partner, sizeof s->partner);
    memcpy(start_mates, s->mates, sizeof s->mates);
    Set free_tiles = free_set(s, present);
    Rng rng = {present.w[0]};
    int probed = 0, verdict = -1;
    PairingSearch *ps = NULL;
    int64_t pairing_spent = 0, pairing_turn = 0;
    uint64_t no_ruled[RULED_WORDS] = {0};
    for (int64_t attempt = 1; verdict < 0; attempt++) {
        if (s->nodes - pairing_spent >= plus(cfg->pairing_after, pairing_spent)) {
            memcpy(s->allowed, s->full_allowed, sizeof s->allowed);
            memcpy(s->partner, start_partner, sizeof s->partner);
            memcpy(s->mates, start_mates, sizeof s->mates);
            if (!ps && !(ps = ps_new(s, present, free_tiles, &rng))) {
                s->error = NO_MEMORY;
                verdict = V_UNKNOWN;
                break;
            }
            int64_t spent_before = s->nodes;
            pairing_turn++;
            int settled = ps_run(ps, doubled(cfg->pairing_unit, pairing_turn - 1));
            if (settled == STOP) {
                verdict = V_UNKNOWN;
                break;
            }
            pairing_spent += s->nodes - spent_before;
            if (settled == 1) {
                verdict = play_out(s, present, free_tiles) == WON ? V_WINNABLE : V_UNKNOWN;
                break;
            }
            if (settled == 0) {
                verdict = V_NOT_WINNABLE;
                break;
            }
        }
        for (int t = 0; t < s->n; t++) s->order[t] = (uint32_t)(rng_next64(&rng) >> 48);
        memcpy(s->allowed, s->full_allowed, sizeof s->allowed);
        memcpy(s->partner, start_partner, sizeof s->partner);
        memcpy(s->mates, start_mates, sizeof s->mates);
        if (s->nodes >= cfg->probe_after && !probed) {
            probed = 1;
            int alive = probe(s, present, free_tiles);
            if (alive == STOP) {
                verdict = V_UNKNOWN;
                break;
            }
            if (!alive) {
                verdict = V_NOT_WINNABLE;
                break;
            }
            memcpy(s->full_allowed, s->allowed, sizeof s->allowed);
            memcpy(start_partner, s->partner, sizeof s->partner);
            memcpy(start_mates, s->mates, sizeof s->mates);
            lost_clear(&s->lost); /* its keys name pairings against the old domains */
        }
        s->restart_at = plus(s->nodes, times(cfg->restart_unit, luby(attempt)));
        s->relax = attempt > cfg->relax_after;
        s->plan_len = 0;
        int r = search(s, present, free_tiles, free_tiles, no_ruled, NULL, 0);
        if (r == RESTART) continue;
        verdict = r == WON ? V_WINNABLE : r == LOST ? V_NOT_WINNABLE : V_UNKNOWN;
    }
    ps_free(ps);
    free(start_partner);
    free(start_mates);
    free(s->lost.slots);
    s->lost.slots = NULL;
    return verdict;
}

/* -- the Python entry point --------------------------------------------------------------- */

/* Reads `count` sets of WORDS little-endian 64-bit words; each bit must name a tile < n. */
static int read_sets(const unsigned char *bytes, int count, int n, Set *out, const char *what) {
    for (int t = 0; t < count; t++) {
        for (int i = 0; i < WORDS; i++) {
            uint64_t word = 0;
            for (int b = 7; b >= 0; b--) word = word << 8 | bytes[(t * WORDS + i) * 8 + b];
            out[t].w[i] = word;
        }
        for (int u = n; u < 64 * WORDS; u++)
            if (set_has(&out[t], u)) {
                PyErr_Format(PyExc_ValueError, "%s (set %d) names tile %d of %d", what, t, u, n);
                return -1;
            }
    }
    return 0;
}

/* The layout's neighbourhoods: five sets per tile (cover, left, right, above, zone). */
static int read_layout(Solver *s, Py_buffer *layout, Py_buffer *classes) {
    int n = s->n;
    Py_ssize_t per = (Py_ssize_t)n * WORDS * 8;
    if (layout->len != 5 * per) {
        PyErr_Format(PyExc_ValueError, "layout: %zd bytes, expected %zd for %d tiles",
                     layout->len, 5 * per, n);
        return -1;
    }
    if (classes->len != n) {
        PyErr_Format(PyExc_ValueError, "classes: %zd bytes, expected %d", classes->len, n);
        return -1;
    }
    const unsigned char *bytes = layout->buf;
    if (read_sets(bytes, n, n, s->cover, "cover") ||
        read_sets(bytes + per, n, n, s->left, "left") ||
        read_sets(bytes + 2 * per, n, n, s->right, "right") ||
        read_sets(bytes + 3 * per, n, n, s->above, "above") ||
        read_sets(bytes + 4 * per, n, n, s->zone, "zone"))
        return -1;
    /* touch[t]: the tiles whose freedom may change when t goes, in increasing order. */
    int at = 0;
    for (int t = 0; t < n; t++) {
        s->touch_start[t] = at;
        for (int i = 0; i < n; i++)
            if (set_has(&s->cover[i], t) || set_has(&s->left[i], t) || set_has(&s->right[i], t))
                s->touch_list[at++] = i;
    }
    s->touch_start[n] = at;
    const unsigned char *cls = classes->buf;
    s->classes = 0;
    for (int t = 0; t < n; t++) {
        if (cls[t] >= n) {
            PyErr_Format(PyExc_ValueError, "class %d of tile %d: at most %d classes", cls[t], t, n);
            return -1;
        }
        s->cls[t] = cls[t];
        if (cls[t] + 1 > s->classes) s->classes = cls[t] + 1;
    }
    return 0;
}

/* The remaining tiles; each class must have 0, 2 or 4 of them left. */
static int read_present(Solver *s, Py_buffer *buffer, Set *present) {
    if (buffer->len != WORDS * 8) {
        PyErr_Format(PyExc_ValueError, "present: %zd bytes, expected %d", buffer->len, WORDS * 8);
        return -1;
    }
    if (read_sets(buffer->buf, 1, s->n, present, "the position")) return -1;
    int count[MAX_TILES] = {0};
    for (int t = 0; t < s->n; t++) count[s->cls[t]] += set_has(present, t);
    for (int c = 0; c < s->classes; c++)
        if (count[c] != 0 && count[c] != 2 && count[c] != 4) {
            PyErr_Format(PyExc_ValueError, "class %d has %d tiles left (0, 2 or 4 can be)", c,
                         count[c]);
            return -1;
        }
    return 0;
}

static PyObject *plan_tuple(const Solver *s) {
    PyObject *plan = PyTuple_New(s->plan_len);
    if (!plan) return NULL;
    for (int i = 0; i < s->plan_len; i++) {
        PyObject *pair = Py_BuildValue("(ii)", s->plan[i].a, s->plan[i].b);
        if (!pair) {
            Py_DECREF(plan);
            return NULL;
        }
        PyTuple_SET_ITEM(plan, i, pair);
    }
    return plan;
}

static void solver_free(Solver *s) {
    if (!s) return;
    if (s->hints)
        for (int i = 0; i < s->levels; i++) free(s->hints[i]);
    free(s->hints);
    free(s->plan);
    free(s);
}

PyDoc_STRVAR(solve_doc,
             "solve(n, layout, classes, present, time_limit, max_nodes, relax_after,\n"
             "      restart_unit, probe_after, pairing_after, pairing_unit, cpu_clock)\n"
             "-> (verdict, plan, nodes)\n\n"
             "Decide a position as mahjong.solver.search.Solver.solve does. layout: five sets\n"
             "per tile (cover, left, right, above, zone), each three little-endian 64-bit\n"
             "words; classes: one byte per tile; present: three words. time_limit None or\n"
             "seconds (of the process's CPU time when cpu_clock, else the monotonic clock);\n"
             "max_nodes -1 for no bound. verdict: 0 winnable, 1 not, 2 unknown; plan: a\n"
             "tuple of pairs when winnable, else None.");

static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    int n, cpu_clock;
    Py_buffer layout, classes, present_bytes;
    PyObject *limit;
    long long max_nodes;
    Settings cfg;
    if (!PyArg_ParseTuple(args, "iy*y*y*OLLLLLLp:solve", &n, &layout, &classes, &present_bytes,
                          &limit, &max_nodes, &cfg.relax_after, &cfg.restart_unit,
                          &cfg.probe_after, &cfg.pairing_after, &cfg.pairing_unit, &cpu_clock))
        return NULL;
    PyObject *result = NULL;
    Solver *s = NULL;
    double time_limit = 0;
    int has_limit = limit != Py_None;
    if (has_limit) {
        time_limit = PyFloat_AsDouble(limit);
        if (time_limit == -1.0 && PyErr_Occurred()) goto done;
        if (time_limit != time_limit) {
            PyErr_SetString(PyExc_ValueError, "time_limit is not a number");
            goto done;
        }
    }
    if (n < 0 || n > MAX_TILES) {
        PyErr_Format(PyExc_ValueError, "%d tiles: 0 to %d can be solved", n, MAX_TILES);
        goto done;
    }
    s = calloc(1, sizeof(Solver));
    if (!s) {
        PyErr_NoMemory();
        goto done;
    }
    s->n = n;
    s->clock = cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC;
    s->max_nodes = max_nodes;
    Set present;
    if (read_layout(s, &layout, &classes) || read_present(s, &present_bytes, &present)) goto done;
    /* Each level of the move search plays a pair or makes a class of four wait (at most
     * twice: its three pairings down to one); so this many levels are always enough. */
    s->levels = n / 2 + 2 * (n / 4) + 2;
    s->hints = calloc(s->levels, sizeof(Set *));
    s->plan_cap = n / 2 + 1;
    s->plan = malloc(s->plan_cap * sizeof(Pair));
    if (!s->hints || !s->plan) {
        PyErr_NoMemory();
        goto done;
    }
    int verdict;
    Py_BEGIN_ALLOW_THREADS;
    verdict = solve_position(s, present, time_limit, has_limit, &cfg);
    Py_END_ALLOW_THREADS;
    if (s->error == NO_MEMORY) {
        PyErr_NoMemory();
        goto done;
    }
    if (s->error == BROKEN) {
        PyErr_SetString(PyExc_RuntimeError, "the native solver lost its way (a bug)");
        goto done;
    }
    if (verdict == V_WINNABLE) {
        PyObject *plan = plan_tuple(s);
        if (plan) result = Py_BuildValue("(iNL)", verdict, plan, (long long)s->nodes);
    } else {
        result = Py_BuildValue("(iOL)", verdict, Py_None, (long long)s->nodes);
    }
done:
    solver_free(s);
    PyBuffer_Release(&layout);
    PyBuffer_Release(&classes);
    PyBuffer_Release(&present_bytes);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_core",
    .m_doc = "The solver's search in C (see mahjong.solver.native).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "MAX_TILES", MAX_TILES)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
