/*
 * petspot_geo.h — the C API of petspot-geo, the PetSpot map-pin engine.
 *
 * Link with `pkg-config --cflags --libs petspot-geo` (or -lpetspot_geo).
 *
 * Overall rules
 * -------------
 * Lifecycle   Every psg_X_create has a psg_X_destroy; destroying NULL is a harmless no-op.
 * Errors      Fallible functions return a psg_status (PSG_OK is 0) and write results only
 *             through out-parameters, and only on success. psg_status_string() describes a
 *             status (static text); psg_engine_last_error() gives the engine's own message for
 *             its last failing call, naming the field at fault. There is no global error state.
 *             NULL or invalid arguments return an error status; no exported function traps.
 * Memory      Input arrays and structs are borrowed for the duration of the call only. Strings
 *             returned as `const char *` belong to the handle they came from and stay valid
 *             until the next call on that handle (or its destruction); never free() them.
 * Threads     A handle is used by one thread at a time; distinct handles are independent. Each
 *             engine owns its own PROJ context (networking off) and GEOS context handle.
 *             A controller uses its engine during events and placements, so several controllers
 *             may share one engine only if their calls never overlap (one thread, or the
 *             caller's lock). Misuse is detected, not undefined: a call that enters an engine,
 *             pin set, cluster index or controller while another thread is inside it does
 *             nothing and returns PSG_ERR_MISUSE (pointer-returning accessors return NULL, and
 *             psg_controller_state_json ""). Read-only counts (psg_pins_count, ...) take no
 *             part in this and are safe from any thread while the handle lives.
 * Sizes       size_t arguments are read as unsigned: a capacity above any real buffer size
 *             means "large", an offset past the end gives an empty page.
 * Units       Coordinates are WGS84 degrees, always latitude before longitude in names and
 *             argument order; distances are metres; screen sizes are points.
 * ABI         Signatures never change: a changed function ships as a new `_v2` name and the old
 *             one stays. Option structs start with `struct_size` and are filled by their
 *             psg_*_init function, so fields can be appended compatibly.
 */
#ifndef PETSPOT_GEO_H
#define PETSPOT_GEO_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define PSG_API __attribute__((visibility("default")))
#else
#define PSG_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- versions */

#define PSG_VERSION_MAJOR 0
#define PSG_VERSION_MINOR 3
#define PSG_VERSION_PATCH 0
/** major * 10000 + minor * 100 + patch. */
#define PSG_VERSION_NUMBER (PSG_VERSION_MAJOR * 10000 + PSG_VERSION_MINOR * 100 + PSG_VERSION_PATCH)

/**
 * The version of the library actually loaded; compare with PSG_VERSION_NUMBER.
 * \return major * 10000 + minor * 100 + patch.
 * \since 0.1
 */
PSG_API int32_t psg_version_number(void);

/**
 * The loaded library's version with its PROJ and GEOS versions, e.g.
 * "petspot-geo 0.3.0 (PROJ 9.1.1, GEOS 3.11.1-CAPI-1.17.1)". Static storage; thread-safe.
 * \since 0.1
 */
PSG_API const char *psg_version_string(void);

/* ---------------------------------------------------------------- status codes */

/** Result of every fallible call. Codes are grouped PROJ-style by hundreds. */
typedef int32_t psg_status;

#define PSG_OK 0                      /**< Success. */
#define PSG_ERR_INVALID_ARGUMENT 100  /**< A NULL pointer or an invalid value (see last_error). */
#define PSG_ERR_BUFFER_TOO_SMALL 101  /**< The caller's buffer is too small; the count needed was written. */
#define PSG_ERR_MISUSE 102            /**< Another thread is inside the same handle (see Threads); nothing was done. Since 0.2. */
#define PSG_ERR_PROJ 200              /**< PROJ failed on the engine's context. */
#define PSG_ERR_GEOS 300              /**< GEOS failed on the engine's handle. */
#define PSG_ERR_INTERNAL 900          /**< A bug in petspot-geo; please report it. */

/**
 * A static, thread-safe description of a status ("invalid argument", ...); never NULL.
 * \since 0.1
 */
PSG_API const char *psg_status_string(psg_status status);

/* ---------------------------------------------------------------- engine */

/** An engine: owns one PROJ context and one GEOS context handle. One thread at a time. */
typedef struct psg_engine psg_engine;

/** Options for psg_engine_create; fill with psg_engine_options_init first. */
typedef struct psg_engine_options {
  uint32_t struct_size;          /**< sizeof(psg_engine_options), set by psg_engine_options_init. */
  const char *proj_search_path;  /**< Directory holding PROJ's proj.db; NULL: /usr/share/proj. Borrowed. */
} psg_engine_options;

/**
 * Fills `options` with the defaults. NULL is ignored.
 * \since 0.1
 */
PSG_API void psg_engine_options_init(psg_engine_options *options);

/**
 * Creates an engine.
 * \param options   NULL for the defaults, or options filled by psg_engine_options_init.
 * \param out_engine receives the new engine; the caller owns it and frees it with psg_engine_destroy.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for a NULL out_engine or a bad struct_size;
 *         PSG_ERR_PROJ or PSG_ERR_GEOS when a library cannot set up its context.
 * \since 0.1
 */
PSG_API psg_status psg_engine_create(const psg_engine_options *options, psg_engine **out_engine);

/**
 * Destroys an engine and everything it owns. NULL is a no-op.
 * \since 0.1
 */
PSG_API void psg_engine_destroy(psg_engine *engine);

/**
 * The engine's message for its last failing call ("lat must be a finite number in [-90, 90]"),
 * or "" when the last call succeeded. Owned by the engine; valid until its next call.
 * Returns "" for NULL.
 * \since 0.1
 */
PSG_API const char *psg_engine_last_error(const psg_engine *engine);

/**
 * The field named by the last error ("lat", "latDelta", "camera", ...), or "" when none.
 * Owned by the engine; valid until its next call. Returns "" for NULL.
 * \since 0.1
 */
PSG_API const char *psg_engine_last_error_field(const psg_engine *engine);

/* ---------------------------------------------------------------- camera and fetch query */

/**
 * A map camera (docs/camera-model.md): centre, requested span, viewport, rotation and tilt,
 * with the default vertical field of view (36.86989764584402 degrees). For another field of
 * view or the corner form, use psg_camera_ex. This struct is frozen.
 */
typedef struct psg_camera {
  double lat;        /**< Centre latitude, degrees in [-90, 90]. */
  double lng;        /**< Centre longitude, degrees, any finite value (wrapped into [-180, 180]; since 0.3). */
  double lat_delta;  /**< Requested north-south span, degrees, > 0. */
  double lng_delta;  /**< Requested east-west span, degrees, > 0 (may exceed 360). */
  double width;      /**< Viewport width, points, > 0. */
  double height;     /**< Viewport height, points, > 0. */
  double heading;    /**< Rotation, degrees clockwise from north, any finite value. */
  double pitch;      /**< Tilt, degrees from straight down, >= 0 and pitch + fov/2 < 90 (0 before 0.3). */
} psg_camera;

/** psg_camera_ex.form: the flat or pitch form (centre, span, heading, pitch, fov). \since 0.3 */
#define PSG_CAMERA_FORM_SPAN 0
/** psg_camera_ex.form: the corner form (the ground points under the viewport's corners). \since 0.3 */
#define PSG_CAMERA_FORM_CORNERS 1

/**
 * Every form of camera (docs/camera-model.md, "Tilted cameras"). Fill it with
 * psg_camera_ex_init first (it sets struct_size and the defaults), then set the fields of one form:
 *
 * - PSG_CAMERA_FORM_SPAN: lat, lng, lat_delta, lng_delta, width, height, heading, pitch, fov;
 * - PSG_CAMERA_FORM_CORNERS: corners (lat, lng of the top-left, top-right, bottom-right and
 *   bottom-left corners' ground points), width, height, and lat, lng only when has_center is 1.
 *   lat_delta, lng_delta, heading and pitch must then stay 0 and fov at its default, or the
 *   call fails naming the first such field.
 *
 * Later versions may append fields; struct_size tells the library which ones the caller knows.
 * \since 0.3
 */
typedef struct psg_camera_ex {
  uint32_t struct_size; /**< sizeof(psg_camera_ex), set by psg_camera_ex_init. */
  int32_t form;         /**< PSG_CAMERA_FORM_SPAN (default) or PSG_CAMERA_FORM_CORNERS. */
  double lat;           /**< Centre latitude, degrees in [-90, 90]. */
  double lng;           /**< Centre longitude, degrees, any finite value (wrapped). */
  double lat_delta;     /**< Span form: north-south span, degrees, > 0. */
  double lng_delta;     /**< Span form: east-west span, degrees, > 0. */
  double width;         /**< Viewport width, points, > 0. */
  double height;        /**< Viewport height, points, > 0. */
  double heading;       /**< Span form: degrees clockwise from north (default 0). */
  double pitch;         /**< Span form: tilt, degrees from straight down, >= 0 (default 0). */
  double fov;           /**< Span form: vertical field of view, degrees in (0, 180) (default 36.86989764584402). */
  int32_t has_center;   /**< Corner form: 1 when lat, lng are given (default 0: the ground under the screen centre). */
  int32_t reserved;     /**< Must be 0. */
  double corners[8];    /**< Corner form: lat, lng of top-left, top-right, bottom-right, bottom-left. */
} psg_camera_ex;

/**
 * Fills `camera` with the defaults of the span form (pitch 0, default fov, zeros elsewhere) and
 * sets struct_size. NULL is ignored.
 * \since 0.3
 */
PSG_API void psg_camera_ex_init(psg_camera_ex *camera);

/** A latitude/longitude box in degrees; west > east when it crosses the antimeridian. */
typedef struct psg_bbox {
  double north;
  double south;
  double west;
  double east;
} psg_bbox;

/** The GET /announcements?lat=&lng=&range= query for a camera. */
typedef struct psg_query {
  double lat;              /**< Camera centre latitude, degrees, as given. */
  double lng;              /**< Camera centre longitude, degrees, as given. */
  int64_t range;           /**< Metres: largest geodesic distance to the visible region, rounded up. */
  double zoom;             /**< Fractional zoom (256 points per world at zoom 0). */
  psg_bbox visible_region; /**< Bounding box of the visible region. */
} psg_query;

/**
 * Computes the fetch query for a camera.
 * \param engine  the engine (one thread at a time).
 * \param camera  the camera; borrowed for the call.
 * \param out     receives the query on success; untouched on error.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or an invalid camera (the last
 *         error names the field).
 * \since 0.1
 */
PSG_API psg_status psg_engine_query_radius(psg_engine *engine, const psg_camera *camera, psg_query *out);

/** psg_engine_query_radius for every form of camera. \since 0.3 */
PSG_API psg_status psg_engine_query_radius_ex(psg_engine *engine, const psg_camera_ex *camera, psg_query *out);


/* ---------------------------------------------------------------- pins: pruning to the view */

/**
 * A pin set with (by default) its spatial index. Immutable after creation except for its
 * last-error text and a one-result cache, so: one thread at a time per handle.
 */
typedef struct psg_pins psg_pins;

/** psg_pins_options.order: psg_pins_visible returns ascending indices (input order). \since 0.3 */
#define PSG_PRUNE_ORDER_INPUT 0
/**
 * psg_pins_options.order: psg_pins_visible returns each visible pin once in whatever order the
 * query produces (the quadtree's spatial order for a small view): no sort of the hits, which is
 * most of a small view's cost on a large set. \since 0.3
 */
#define PSG_PRUNE_ORDER_ANY 1

/** Options for psg_pins_create; fill with psg_pins_options_init first. */
typedef struct psg_pins_options {
  uint32_t struct_size; /**< sizeof(psg_pins_options), set by psg_pins_options_init. */
  int32_t build_index;  /**< 1 (default): build the quadtree, queries in O(log n + k); 0: scan per query. */
  int32_t order;        /**< PSG_PRUNE_ORDER_INPUT (default) or PSG_PRUNE_ORDER_ANY. \since 0.3 */
} psg_pins_options;

/**
 * Fills `options` with the defaults. NULL is ignored.
 * \since 0.1
 */
PSG_API void psg_pins_options_init(psg_pins_options *options);

/**
 * Creates a pin set from C arrays. Pin i is (lat[i], lng[i]) in degrees with status statuses[i];
 * results of psg_pins_visible are these array indices i. Rows with an invalid coordinate
 * (non-finite, |lat| > 90, |lng| > 180) are kept out and counted (psg_pins_invalid_count).
 * \param lat, lng    `count` latitudes and longitudes in degrees; borrowed for the call only.
 * \param statuses    NULL, or `count` status strings ("MISSING", "found", "ACTIVE", any other value
 *                    kept as given; an entry may be NULL for none); borrowed for the call only.
 * \param count       number of pins (at most 4294967295); 0 is fine.
 * \param options     NULL for the defaults, or options filled by psg_pins_options_init.
 * \param out_pins    receives the new handle; free it with psg_pins_destroy.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arrays with count > 0, a NULL out_pins, a bad
 *         struct_size, more than 252 distinct unknown statuses, or too many pins.
 * \since 0.1
 */
PSG_API psg_status psg_pins_create(const double *lat, const double *lng, const char *const *statuses, size_t count,
                                   const psg_pins_options *options, psg_pins **out_pins);

/**
 * As psg_pins_create, with each pin's id: ids[i] is a non-empty NUL-terminated UTF-8 string, unique
 * in the set. Cluster ids are hashed from the member pins' ids, so with the ids of a pins file the
 * C API names every cluster exactly as `petspot-geo cluster` does for that file (psg_pins_create
 * uses each pin's number in decimal as its id; psg_cluster_index_insert does so for pin `pin`).
 * \return as psg_pins_create; also PSG_ERR_INVALID_ARGUMENT for NULL ids with count > 0, a NULL,
 *         empty, repeated or non-UTF-8 id.
 * \since 0.2
 */
PSG_API psg_status psg_pins_create_with_ids(const double *lat, const double *lng, const char *const *statuses,
                                           const char *const *ids, size_t count, const psg_pins_options *options,
                                           psg_pins **out_pins);

/**
 * Destroys a pin set. NULL is a no-op.
 * \since 0.1
 */
PSG_API void psg_pins_destroy(psg_pins *pins);

/** Valid pins held (0 for NULL). \since 0.1 */
PSG_API size_t psg_pins_count(const psg_pins *pins);

/** Rows kept out for an invalid coordinate (0 for NULL). \since 0.1 */
PSG_API size_t psg_pins_invalid_count(const psg_pins *pins);

/**
 * The handle's message for its last failing call, or "". Owned by the handle; valid until its
 * next call. Returns "" for NULL.
 * \since 0.1
 */
PSG_API const char *psg_pins_last_error(const psg_pins *pins);

/**
 * The pins visible in a camera (docs/camera-model.md, "Visibility": heading, padding,
 * antimeridian, world copies, polar limit), as indices into the arrays given to psg_pins_create,
 * ascending — or in no particular order when the set was created with order PSG_PRUNE_ORDER_ANY.
 *
 * Two-call convention: call with capacity 0 (out_indices may then be NULL) to learn the count;
 * when `capacity` is too small the call returns PSG_ERR_BUFFER_TOO_SMALL and writes the count
 * needed to *out_count. The result of the last query is kept, so the second call does not
 * recompute it.
 * \param padding  points added on every side, finite and >= 0.
 * \return PSG_OK (out_count = number written); PSG_ERR_BUFFER_TOO_SMALL; PSG_ERR_INVALID_ARGUMENT
 *         for NULL pins/camera/out_count, an invalid camera or padding (see psg_pins_last_error).
 * \since 0.1
 */
PSG_API psg_status psg_pins_visible(psg_pins *pins, const psg_camera *camera, double padding, uint32_t *out_indices,
                                    size_t capacity, size_t *out_count);

/** psg_pins_visible for every form of camera (padding measured on the screen). \since 0.3 */
PSG_API psg_status psg_pins_visible_ex(psg_pins *pins, const psg_camera_ex *camera, double padding,
                                       uint32_t *out_indices, size_t capacity, size_t *out_count);

/* ---------------------------------------------------------------- clustering */

/**
 * A cluster index over a pin set: the hierarchy that keeps every pin tappable (items at least
 * min_separation points apart; clusters below max_zoom, spiderfied pins at and above it), plus
 * insert/remove. Pins are identified by their number: the array index given to psg_pins_create,
 * or the number given to psg_cluster_index_insert.
 * One thread at a time per handle; results (psg_cluster_result) are independent snapshots that
 * stay valid after inserts and removes and may be read from any one thread.
 */
typedef struct psg_cluster_index psg_cluster_index;

/** The display items for one camera; owned by the library, free with psg_cluster_result_destroy. */
typedef struct psg_cluster_result psg_cluster_result;

/** Options for psg_cluster_index_create; fill with psg_cluster_options_init first. */
typedef struct psg_cluster_options {
  uint32_t struct_size;  /**< sizeof(psg_cluster_options), set by psg_cluster_options_init. */
  double min_separation; /**< points between items' screen positions, in [0.01, 1000]; default 44. */
  int32_t max_zoom;      /**< highest level, 0...22; default 20. */
} psg_cluster_options;

/** Item kinds. */
#define PSG_ITEM_PIN 0     /**< A pin at its true position. */
#define PSG_ITEM_CLUSTER 1 /**< A group of pins drawn as one marker. */
#define PSG_ITEM_SPIDER 2  /**< A pin drawn away from its true position (anchor_x, anchor_y). */

/** One display item. Coordinates in degrees; x, y in screen points (x right, y down). */
typedef struct psg_cluster_item {
  int32_t kind;           /**< PSG_ITEM_PIN, PSG_ITEM_CLUSTER or PSG_ITEM_SPIDER. */
  uint32_t pin;           /**< pin and spider: the pin's number; cluster: UINT32_MAX. */
  uint64_t cluster_id;    /**< cluster: its id (the text id is "cluster:" + 16 hex digits); else 0. */
  double lat, lng;        /**< where the item is drawn. */
  double x, y;            /**< the same point on screen. */
  double anchor_x, anchor_y; /**< spider: the pin's true position on screen; else x, y. */
  uint32_t count;         /**< cluster: leaves, visible or not; else 1. */
  uint32_t missing, found, closed; /**< leaves per status (the rest have another status or none). */
  int32_t expansion_zoom; /**< cluster: the smallest zoom at which it splits; else -1. */
} psg_cluster_item;

/** Fills `options` with the defaults. NULL is ignored. \since 0.1 */
PSG_API void psg_cluster_options_init(psg_cluster_options *options);

/**
 * Builds the cluster index over a pin set (copied: the pin set may be destroyed afterwards).
 * The pin set's last error records the outcome, so `pins` is not const (its pins are not changed).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL pins/out_index, a bad struct_size or invalid
 *         options (psg_pins_last_error names the field).
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_create(psg_pins *pins, const psg_cluster_options *options, psg_cluster_index **out_index);

/** Destroys an index. NULL is a no-op. Results already taken stay valid. \since 0.1 */
PSG_API void psg_cluster_index_destroy(psg_cluster_index *index);

/** Pins in the index (0 for NULL). \since 0.1 */
PSG_API size_t psg_cluster_index_count(const psg_cluster_index *index);

/** The handle's message for its last failing call, or "" (also for NULL). \since 0.1 */
PSG_API const char *psg_cluster_index_last_error(const psg_cluster_index *index);

/**
 * The display items for a camera.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or an invalid camera (see last_error).
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_query(psg_cluster_index *index, const psg_camera *camera, psg_cluster_result **out_result);

/** psg_cluster_index_query for every form of camera (clustering under perspective). \since 0.3 */
PSG_API psg_status psg_cluster_index_query_ex(psg_cluster_index *index, const psg_camera_ex *camera,
                                              psg_cluster_result **out_result);

/** Destroys a result. NULL is a no-op. \since 0.1 */
PSG_API void psg_cluster_result_destroy(psg_cluster_result *result);

/** Items in a result (0 for NULL). \since 0.1 */
PSG_API size_t psg_cluster_result_count(const psg_cluster_result *result);

/** The camera's fractional zoom (NaN for NULL). \since 0.1 */
PSG_API double psg_cluster_result_zoom(const psg_cluster_result *result);

/**
 * Item `i` of a result.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or i out of range.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_result_item(const psg_cluster_result *result, size_t i, psg_cluster_item *out_item);

/**
 * Hit-testing: the index of the item nearest to the screen point (x, y) within min_separation / 2,
 * or -1 when there is none (or result is NULL).
 * \since 0.1
 */
PSG_API int64_t psg_cluster_result_hit_test(const psg_cluster_result *result, double x, double y);

/**
 * A page of an item's leaves (pin numbers): skips `offset`, writes at most `capacity`.
 * A pin or spider item has one leaf, itself.
 * \return PSG_OK (out_count = number written, 0 past the end); PSG_ERR_INVALID_ARGUMENT for NULL
 *         result/out_count, out_pins NULL with capacity > 0, or i out of range.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_result_leaves(const psg_cluster_result *result, size_t i, size_t offset, uint32_t *out_pins,
                                             size_t capacity, size_t *out_count);

/**
 * A page of a cluster's leaves by id (as psg_cluster_result_leaves). Every cluster id a query of
 * this index returned is known, merged ones too: the handle remembers the clusters its queries
 * merge (below zoom 0, near the viewport's edges, under a tilt, stacks at max_zoom; the last
 * 4096) until the index changes (insert, remove, update).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or an unknown cluster id.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_leaves(psg_cluster_index *index, uint64_t cluster_id, size_t offset, uint32_t *out_pins,
                                            size_t capacity, size_t *out_count);

/**
 * A cluster's expansion zoom: the smallest zoom at which it splits (max_zoom when only
 * spiderfying separates it).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or an unknown cluster id.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_expansion_zoom(psg_cluster_index *index, uint64_t cluster_id, int32_t *out_zoom);

/**
 * Tap-to-zoom: the camera (heading 0) centred on a cluster's leaves at zoom E + 1e-9 for its
 * expansion zoom E (safely above E whatever the caller's rounding), or lower when the leaves need it
 * to fit a width x height viewport inset by min_separation / 2 on every side. An axis no larger
 * than min_separation has no room for the inset: the leaves then fill it (still PSG_OK).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments, an unknown cluster id or a viewport
 *         side outside [0.01, 1e6] points (the last error names width or height).
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_zoom_camera(psg_cluster_index *index, uint64_t cluster_id, double width, double height,
                                                 psg_camera *out_camera);

/**
 * psg_cluster_index_zoom_camera from a camera: the tap-to-zoom camera keeps `from`'s viewport,
 * heading, pitch and fov (a corner-form camera gives a span-form camera with the heading under
 * its screen centre and pitch 0). \since 0.3
 */
PSG_API psg_status psg_cluster_index_zoom_camera_ex(psg_cluster_index *index, uint64_t cluster_id,
                                                    const psg_camera_ex *from, psg_camera_ex *out_camera);

/**
 * Inserts a pin (appended to the order) without rebuilding: only the pins whose grouping it changes
 * are decided again (typically tens of microseconds at a million pins); queries then equal a fresh
 * index over the pins. Results taken before stay as they were (snapshots; while one is alive the
 * first change copies the index). `status` may be NULL.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL index, an invalid coordinate or a number in use.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_insert(psg_cluster_index *index, uint32_t pin, double lat, double lng, const char *status);

/** Transition kinds (psg_cluster_transition.kind): see docs/clustering.md, "Transitions". */
#define PSG_TRANSITION_STAY 0      /**< the same item in both (same cluster id or pin): move it. */
#define PSG_TRANSITION_SPLIT 1     /**< one old item became the new items holding its pins: animate them out from it. */
#define PSG_TRANSITION_MERGE 2     /**< old items became one new item holding their pins: animate them into it. */
#define PSG_TRANSITION_REGROUP 3   /**< several old and several new items share pins crosswise (query-time merges). */
#define PSG_TRANSITION_APPEAR 4    /**< a new item sharing no pin with an old one. */
#define PSG_TRANSITION_DISAPPEAR 5 /**< an old item sharing no pin with a new one. */

/** The transitions between two results; owned by the library, free with psg_cluster_transitions_destroy. */
typedef struct psg_cluster_transitions psg_cluster_transitions;

/** One transition; `from` and `to` point into the transitions object (valid until it is destroyed). */
typedef struct psg_cluster_transition {
  int32_t kind;          /**< PSG_TRANSITION_*. */
  uint32_t from_count;   /**< number of old items it starts from (0 for appear). */
  uint32_t to_count;     /**< number of new items it ends at (0 for disappear). */
  const uint32_t *from;  /**< indices of the old result's items, ascending. */
  const uint32_t *to;    /**< indices of the new result's items, ascending. */
} psg_cluster_transition;

/**
 * How the picture changes from `old_result` to `new_result` (any two cameras, any options, any
 * inserts, removes and updates between them; pins matched by id): every item of either result is
 * in exactly one transition. NULL `old_result` (the first frame): every new item appears.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL new_result or out_transitions.
 * \since 0.3
 */
PSG_API psg_status psg_cluster_result_transitions(const psg_cluster_result *old_result,
                                                  const psg_cluster_result *new_result,
                                                  psg_cluster_transitions **out_transitions);

/** Number of transitions (0 for NULL). \since 0.3 */
PSG_API size_t psg_cluster_transitions_count(const psg_cluster_transitions *transitions);

/**
 * Transition `i`. \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments or `i` out of range.
 * \since 0.3
 */
PSG_API psg_status psg_cluster_transitions_get(const psg_cluster_transitions *transitions, size_t i,
                                               psg_cluster_transition *out_transition);

/** Frees transitions. NULL is a no-op. \since 0.3 */
PSG_API void psg_cluster_transitions_destroy(psg_cluster_transitions *transitions);

/** Where a pin is in a result, and the camera that shows it on its own (psg_cluster_result_reveal). */
typedef struct psg_pin_reveal {
  int64_t item;         /**< index of the item holding the pin (itself, its spider leg or a cluster), or -1 when the result does not show it. */
  int32_t level;        /**< the smallest zoom level at which the pin is an item of its own (a pin, or a spider leg at max_zoom). */
  int32_t shown_alone;  /**< 1 when a query at `camera` shows it as its own item or spider leg (checked); 0 only when no zoom does (a viewport too small for its spider). */
  psg_camera_ex camera; /**< span form, centred on the pin, with the viewport, heading, pitch and fov of the camera given, at zoom level + 1e-9 (higher only when needed under a pitch). */
} psg_pin_reveal;

/**
 * Reveals a pin ("open this pin from a notification"): the item of `result` holding it and the
 * camera that shows it unclustered, keeping `from`'s viewport and orientation (pass the camera the
 * result was queried with). `pin` is its number, as for psg_cluster_index_remove; the result's
 * snapshot of the index is used.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL result/out_reveal, an invalid or NULL `from`,
 *         an unknown number or a pin that is not on the map (beyond the Mercator limit).
 * \since 0.3
 */
PSG_API psg_status psg_cluster_result_reveal(const psg_cluster_result *result, uint32_t pin, const psg_camera_ex *from,
                                             psg_pin_reveal *out_reveal);

/**
 * Removes a pin without rebuilding (as psg_cluster_index_insert).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL index or an unknown number.
 * \since 0.1
 */
PSG_API psg_status psg_cluster_index_remove(psg_cluster_index *index, uint32_t pin);

/**
 * Moves a pin and sets its status without rebuilding (as psg_cluster_index_insert): it keeps its
 * number, id and place in the order, so clusters it stays in keep their ids. `status` may be NULL
 * (no status). O(1) to find the pin when its id is its number (psg_pins_create, inserted pins);
 * for a set made with psg_pins_create_with_ids, a scan of the pins (about 1 ms per million).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL index, an unknown number, an invalid
 *         coordinate or status (the pin is then unchanged).
 * \since 0.3
 */
PSG_API psg_status psg_cluster_index_update(psg_cluster_index *index, uint32_t pin, double lat, double lng,
                                            const char *status);

/**
 * The children of a cluster: the pins and clusters it splits into at its expansion zoom, in Z
 * order (for a cluster merged by a query, the children of each of its parts). Each is written as a
 * psg_cluster_item whose x, y, anchor_x and anchor_y are NaN (no camera): kind PSG_ITEM_PIN or
 * PSG_ITEM_CLUSTER, pin number or cluster id, where it is drawn (lat, lng), counts, expansion zoom.
 * `cluster_id` as for psg_cluster_index_leaves (any cluster a query of this handle showed).
 * Two-call convention (capacity 0 and out_items NULL to learn the count; PSG_ERR_BUFFER_TOO_SMALL
 * with the count needed when `capacity` is too small).
 * \return PSG_OK (out_count = number written); PSG_ERR_BUFFER_TOO_SMALL; PSG_ERR_INVALID_ARGUMENT
 *         for NULL index/out_count, NULL out_items with capacity > 0, or an unknown cluster id.
 * \since 0.3
 */
PSG_API psg_status psg_cluster_index_children(psg_cluster_index *index, uint64_t cluster_id,
                                              psg_cluster_item *out_items, size_t capacity, size_t *out_count);

/* ---------------------------------------------------------------- aggregates beyond status counts */

/**
 * Gives a pin set a property (such as "species" or "lastSeenDate"), one value per row the set was
 * created from: values[i] belongs to row i of the creation arrays (rows kept out for an invalid
 * coordinate are skipped); an entry may be NULL or "" for none. Replaces a property of the same
 * name. Clusters keep aggregates over properties (psg_cluster_index_create_ex); an index built
 * earlier is not affected.
 * \param name    NUL-terminated UTF-8, non-empty; borrowed.
 * \param values  `count` NUL-terminated UTF-8 strings or NULLs; borrowed for the call only.
 * \param count   the number of rows given at creation (psg_pins_count + psg_pins_invalid_count).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL pins/name, NULL values with count > 0, another
 *         count, or text that is not UTF-8 (psg_pins_last_error names it; nothing changes).
 * \since 0.3
 */
PSG_API psg_status psg_pins_set_property(psg_pins *pins, const char *name, const char *const *values, size_t count);

/**
 * As psg_cluster_index_create, also keeping per cluster the declared aggregates, each
 * "PROPERTY:counts" (leaves per value, at most 256 distinct values), "PROPERTY:min" or
 * "PROPERTY:max" (numbers, or ISO 8601 dates such as "2026-11-20" or "2026-11-20T18:30:00Z"):
 * exact for every item, kept under insert, remove, update and psg_cluster_index_set_property.
 * Read them with psg_cluster_result_aggregate by their position in `aggregates`.
 * \param aggregates  `aggregate_count` NUL-terminated declarations; borrowed for the call only.
 * \return as psg_cluster_index_create; also PSG_ERR_INVALID_ARGUMENT for NULL aggregates with a
 *         count > 0, a malformed or repeated declaration, a property the pins lack, or a min/max
 *         property holding a value that is neither a number nor a date (psg_pins_last_error
 *         names the aggregate and the value).
 * \since 0.3
 */
PSG_API psg_status psg_cluster_index_create_ex(psg_pins *pins, const psg_cluster_options *options,
                                               const char *const *aggregates, size_t aggregate_count,
                                               psg_cluster_index **out_index);

/**
 * Sets a property of a pin (its number as for psg_cluster_index_update; `value` NULL or "" for
 * none) and brings the aggregates of the clusters holding it up to date without a rebuild (a few
 * microseconds). Results taken earlier keep their values.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL index/name, an unknown number, text that is not
 *         UTF-8, or a value an aggregate cannot take (a text for min/max, a 257th value for
 *         counts); nothing changes then.
 * \since 0.3
 */
PSG_API psg_status psg_cluster_index_set_property(psg_cluster_index *index, uint32_t pin, const char *name,
                                                  const char *value);

/**
 * Item i's value of aggregate `aggregate` (its position in psg_cluster_index_create_ex's list) as
 * compact JSON: counts as an object sorted by value ({"CAT":2,"DOG":1}; values no leaf has are
 * left out), min/max as a number (12.5) or a date string ("2026-11-20"), or null when no leaf has
 * a value. Pins and spider legs give their own value. Two-call convention as psg_microchip_format.
 * \param out_json    buffer for the NUL-terminated UTF-8 text; may be NULL when capacity is 0.
 * \param out_length  receives the text's length in bytes without the NUL (also when too small).
 * \return PSG_OK; PSG_ERR_BUFFER_TOO_SMALL; PSG_ERR_INVALID_ARGUMENT for NULL result/out_length or
 *         an item or aggregate out of range.
 * \since 0.3
 */
PSG_API psg_status psg_cluster_result_aggregate(const psg_cluster_result *result, size_t i, size_t aggregate,
                                                char *out_json, size_t capacity, size_t *out_length);

/**
 * Shows only some pins in this handle's later queries — and in the leaves, children, expansion
 * zooms, zoom cameras, aggregates and transitions of their results — without a rebuild. Each clause
 * is "status=MISSING,FOUND" (statuses as in the pins; nothing after '=' for "no status") or
 * "PROPERTY=VALUE,…" for the property of a "PROPERTY:counts" aggregate (psg_cluster_index_create_ex;
 * an empty value for "no value"); clauses combine with AND, values within one with OR. Every
 * clustering guarantee then holds for the shown pins, and counts, ids and aggregates are theirs.
 * The first filter on an index prepares it (one pass over its clusters, and a hierarchy per status
 * MISSING, FOUND and CLOSED: about one more build); later ones cost microseconds, and a filter on
 * exactly one of those statuses is answered by that status's hierarchy, as fast as an unfiltered
 * query. Inserts, removes, updates and property changes keep the filter.
 * \param clauses  `clause_count` NUL-terminated UTF-8 clauses, borrowed for the call; NULL with 0:
 *                 every pin again.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL index, NULL clauses with a count > 0, a NULL or
 *         malformed clause, or a property that cannot be filtered (last_error names it; the filter
 *         in use is unchanged).
 * \since 0.3
 */
PSG_API psg_status psg_cluster_index_set_filter(psg_cluster_index *index, const char *const *clauses,
                                                size_t clause_count);

/* ---------------------------------------------------------------- found-animal report */

/** The result of validating a found-report form: errors and, when valid, the payload. */
typedef struct psg_found_result psg_found_result;

/**
 * Validates a found-report form given as JSON (keys photo, dateFound, species, breed, sex,
 * latitude, longitude, microchip, description, phone, email, caregiverPhone, currentAddress;
 * see the README) with every rule of the 3-step wizard.
 * \param form_json   NUL-terminated UTF-8 JSON; borrowed for the call.
 * \param out_result  receives a result (free with psg_found_result_destroy). Text that is not a
 *                    JSON object, or a field of the wrong type, is reported as an error in the
 *                    result (code "malformed_json" / "invalid_type"), not as a status.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments.
 * \since 0.1
 */
PSG_API psg_status psg_found_report_validate(const char *form_json, psg_found_result **out_result);

/** Frees a result. NULL is a no-op. \since 0.1 */
PSG_API void psg_found_result_destroy(psg_found_result *result);

/** 1 when the form can be submitted, 0 otherwise (also for NULL). \since 0.1 */
PSG_API int32_t psg_found_result_valid(const psg_found_result *result);

/** Number of invalid fields (0 for NULL). \since 0.1 */
PSG_API size_t psg_found_result_error_count(const psg_found_result *result);

/**
 * Error i's field ("phone"), stable code ("phone_invalid") or message (the text to show).
 * Owned by the result; valid until it is destroyed. NULL when i is out of range or result is NULL.
 * \since 0.1
 */
PSG_API const char *psg_found_result_error_field(const psg_found_result *result, size_t i);
PSG_API const char *psg_found_result_error_code(const psg_found_result *result, size_t i);
PSG_API const char *psg_found_result_error_message(const psg_found_result *result, size_t i);

/**
 * The backend payload as compact JSON (announcement fields, "status":"FOUND", never the
 * device-only caregiver phone or current address), or NULL when the form is invalid.
 * Owned by the result. \since 0.1
 */
PSG_API const char *psg_found_result_payload_json(const psg_found_result *result);

/**
 * The as-you-type microchip formatter: digits only, at most 15, shown as 00000-00000-00000.
 * \param text        the field's text after an edit (NUL-terminated UTF-8); borrowed.
 * \param caret       the caret as an offset in UTF-16 code units (as UIKit and Android report it).
 * \param out_text    buffer for the formatted text (ASCII, NUL-terminated); may be NULL when capacity is 0.
 * \param capacity    size of out_text in bytes; 18 always suffices.
 * \param out_length  receives the formatted length without the NUL (also when the buffer is too small).
 * \param out_caret   receives the new caret (may be NULL).
 * \return PSG_OK; PSG_ERR_BUFFER_TOO_SMALL (out_length tells the length needed); PSG_ERR_INVALID_ARGUMENT for NULL text or out_length.
 * \since 0.1
 */
PSG_API psg_status psg_microchip_format(const char *text, size_t caret, char *out_text, size_t capacity, size_t *out_length,
                                        size_t *out_caret);

/* ---------------------------------------------------------------- callout placement */

/** A rectangle in screen points (x right, y down). */
typedef struct psg_rect {
  double x;
  double y;
  double width;
  double height;
} psg_rect;

/** Everything but the pin; fill with psg_callout_options_init, then set the sizes. */
typedef struct psg_callout_options {
  uint32_t struct_size;         /**< sizeof(psg_callout_options), set by psg_callout_options_init. */
  double viewport_width;        /**< Points, > 0 (required; ignored by psg_callout_place_coordinate, which uses the camera's). */
  double viewport_height;
  double inset_top;             /**< Safe-area insets, points >= 0 (default 0). */
  double inset_left;
  double inset_bottom;
  double inset_right;
  double margin;                /**< Kept free inside the safe area (default 8). */
  double pin_height;            /**< Default 40. */
  double gap;                   /**< Between the pin and the arrow tip (default 10). */
  double callout_width;         /**< The card, points > 0 (required). */
  double callout_height;
  double arrow_width;           /**< Default 20. */
  double arrow_height;          /**< Default 10. */
  double corner_radius;         /**< Default 12. */
  const psg_rect *obstacle_rects;   /**< Rectangles the card must not overlap; borrowed for the call. */
  size_t obstacle_rect_count;
  const char *const *obstacle_wkt;  /**< POLYGON/MULTIPOLYGON WKT strings in screen points; borrowed. */
  size_t obstacle_wkt_count;
} psg_callout_options;

#define PSG_CALLOUT_ABOVE 0
#define PSG_CALLOUT_BELOW 1

/** Where the card goes (see the README for the rules). */
typedef struct psg_callout_placement {
  int32_t placement;   /**< PSG_CALLOUT_ABOVE or PSG_CALLOUT_BELOW. */
  int32_t fits;        /**< 1 when the chosen side fits as the map is, 0 otherwise. */
  psg_rect frame;      /**< The card without its arrow, at the current position (before any pan). */
  double arrow_x;      /**< The arrow's offset from the card's left edge. */
  double pan_dx;       /**< Smallest movement of the map content that makes the side fit (0 when it fits). */
  double pan_dy;
} psg_callout_placement;

/**
 * Fills `options` with the defaults (sizes 0: set viewport and callout sizes). NULL is ignored.
 * \since 0.1
 */
PSG_API void psg_callout_options_init(psg_callout_options *options);

/**
 * Places the callout of a pin whose tip is at (pin_x, pin_y) on screen.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments, a bad struct_size, negative or
 *         non-finite sizes or malformed WKT (psg_engine_last_error names the field, e.g.
 *         "callout.width", "obstacles[1]"); PSG_ERR_GEOS when GEOS fails.
 * \since 0.1
 */
PSG_API psg_status psg_callout_place(psg_engine *engine, const psg_callout_options *options, double pin_x, double pin_y,
                                     psg_callout_placement *out);

/**
 * Places the callout of a pin given as a coordinate (degrees), drawn by `camera` (projected with
 * PROJ, EPSG:4326 -> EPSG:3857, and the camera model); the camera's size is the viewport.
 * \return as psg_callout_place; an invalid camera or coordinate names its field.
 * \since 0.1
 */
PSG_API psg_status psg_callout_place_coordinate(psg_engine *engine, const psg_callout_options *options,
                                                const psg_camera *camera, double lat, double lng,
                                                psg_callout_placement *out);

/** psg_callout_place_coordinate for every form of camera. \since 0.3 */
PSG_API psg_status psg_callout_place_coordinate_ex(psg_engine *engine, const psg_callout_options *options,
                                                   const psg_camera_ex *camera, double lat, double lng,
                                                   psg_callout_placement *out);

/* ---------------------------------------------------------------- map controller */

/**
 * The PetSpot map's logic as a state machine (see the README): feed it events, carry out its
 * effects (fetch, cancel, redraw pins, show the selection). Keeps its engine alive. One thread at
 * a time; strings it returns belong to it and stay valid until its next call.
 */
typedef struct psg_controller psg_controller;

/** Options for psg_controller_create; fill with psg_controller_options_init first. */
typedef struct psg_controller_options {
  uint32_t struct_size;          /**< sizeof(psg_controller_options), set by psg_controller_options_init. */
  int32_t reuse_covered_fetch;   /**< 1: skip a fetch when the new view lies inside the last circle (default 0). */
  double reuse_max_age_ms;       /**< How long a successful fetch may be reused (default 60000). */
  double callout_width;          /**< Callout card size for the placement (default 262 x 300). */
  double callout_height;
} psg_controller_options;

/** Effect kinds. */
#define PSG_EFFECT_FETCH 1             /**< Send GET /announcements with the effect's query. */
#define PSG_EFFECT_CANCEL 2            /**< Cancel the request with the effect's id. */
#define PSG_EFFECT_PINS_CHANGED 3      /**< Redraw the pins (psg_controller_pin_id). */
#define PSG_EFFECT_SELECTION_CHANGED 4 /**< Show or hide the callout (psg_controller_selected_id). */
#define PSG_EFFECT_DISPLAY_CHANGED 5   /**< Clustering on: redraw the items (psg_controller_display). Since 0.3. */
#define PSG_EFFECT_REVEAL_SELECTION 6  /**< Clustering on: the selected pin went inside a cluster;
                                            psg_controller_effect_camera shows it alone. Since 0.3. */

/** Callout content fields for psg_controller_callout_text. */
#define PSG_CALLOUT_TITLE 0
#define PSG_CALLOUT_SUBTITLE 1
#define PSG_CALLOUT_LOCATION 2
#define PSG_CALLOUT_DATE 3
#define PSG_CALLOUT_EMAIL 4
#define PSG_CALLOUT_PHONE 5
#define PSG_CALLOUT_DESCRIPTION 6
#define PSG_CALLOUT_PHOTO_URL 7
#define PSG_CALLOUT_BADGE_TEXT 8
#define PSG_CALLOUT_BADGE_COLOR 9
#define PSG_CALLOUT_BADGE_TEXT_COLOR 10

/** Fills `options` with the defaults. NULL is ignored. \since 0.1 */
PSG_API void psg_controller_options_init(psg_controller_options *options);

/**
 * Creates a controller that uses `engine` (kept alive until the controller is destroyed).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL engine/out or a bad struct_size.
 * \since 0.1
 */
PSG_API psg_status psg_controller_create(psg_engine *engine, const psg_controller_options *options,
                                         psg_controller **out_controller);

/** Destroys a controller. NULL is a no-op. \since 0.1 */
PSG_API void psg_controller_destroy(psg_controller *controller);

/**
 * As psg_controller_create, with the shown pins clustered (`clustering` NULL for the defaults):
 * after every event the controller queries its display — the items for the current camera over its
 * pins (psg_controller_display) — and how it came from the previous state's
 * (psg_controller_display_transitions: every item of both in exactly one transition; all `stay`
 * when neither the camera nor the pins changed), reporting PSG_EFFECT_DISPLAY_CHANGED when it
 * queried again. A selected pin that a zoom-out puts inside a cluster stays selected
 * (psg_controller_selection_hidden), its callout placed on that cluster, and one
 * PSG_EFFECT_REVEAL_SELECTION carries the camera that shows it alone (psg_controller_effect_camera).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL engine/out, bad options or clustering options.
 * \since 0.3
 */
PSG_API psg_status psg_controller_create_clustered(psg_engine *engine, const psg_controller_options *options,
                                                   const psg_cluster_options *clustering, psg_controller **out);

/**
 * The controller's current display as a cluster result (a snapshot: items, leaves, hit test,
 * aggregates; free with psg_cluster_result_destroy). Pin numbers are positions in the controller's
 * pin list (psg_controller_pin_id).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments, clustering off or no camera yet.
 * \since 0.3
 */
PSG_API psg_status psg_controller_display(const psg_controller *controller, psg_cluster_result **out_result);

/**
 * How the current display came from the previous state's (free with psg_cluster_transitions_destroy).
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments, clustering off or no camera yet.
 * \since 0.3
 */
PSG_API psg_status psg_controller_display_transitions(const psg_controller *controller,
                                                      psg_cluster_transitions **out_transitions);

/** The display item holding the selected pin, or -1 (nothing selected, clustering off). \since 0.3 */
PSG_API int64_t psg_controller_selection_item(const psg_controller *controller);

/** 1 when the selected pin is inside a cluster of the display, else 0 (also for NULL). \since 0.3 */
PSG_API int32_t psg_controller_selection_hidden(const psg_controller *controller);

/**
 * The camera of effect i when it is PSG_EFFECT_REVEAL_SELECTION: centred on the selected pin at the
 * smallest zoom where it is its own item, with the current viewport, heading and pitch.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT for NULL arguments, i out of range or another effect.
 * \since 0.3
 */
PSG_API psg_status psg_controller_effect_camera(const psg_controller *controller, size_t i, psg_camera_ex *out_camera);

/**
 * Events. `t_ms` is the event's time in milliseconds, or NAN when unknown (only reuse needs it).
 * Each returns PSG_OK, or PSG_ERR_INVALID_ARGUMENT (NULL arguments, an invalid camera or size, a
 * request id never issued, malformed announcements JSON) with the controller unchanged and the
 * reason in psg_controller_last_error. After each call the effects and state describe its result.
 * `announcements_json` is the response body (a JSON array); broken announcements are dropped and
 * counted, not the response.
 * \since 0.1
 */
PSG_API psg_status psg_controller_appear(psg_controller *controller, const psg_camera *camera, double t_ms);
PSG_API psg_status psg_controller_gesture_began(psg_controller *controller, double t_ms);
PSG_API psg_status psg_controller_camera_changed(psg_controller *controller, const psg_camera *camera, double t_ms);
PSG_API psg_status psg_controller_gesture_ended(psg_controller *controller, const psg_camera *camera, double t_ms);
/** The camera events for every form of camera. \since 0.3 */
PSG_API psg_status psg_controller_appear_ex(psg_controller *controller, const psg_camera_ex *camera, double t_ms);
PSG_API psg_status psg_controller_camera_changed_ex(psg_controller *controller, const psg_camera_ex *camera, double t_ms);
PSG_API psg_status psg_controller_gesture_ended_ex(psg_controller *controller, const psg_camera_ex *camera, double t_ms);
PSG_API psg_status psg_controller_fetch_succeeded(psg_controller *controller, int64_t request_id,
                                                  const char *announcements_json, double t_ms);
PSG_API psg_status psg_controller_fetch_failed(psg_controller *controller, int64_t request_id, double t_ms);
PSG_API psg_status psg_controller_tap_pin(psg_controller *controller, const char *id, double t_ms);
PSG_API psg_status psg_controller_tap_map(psg_controller *controller, double t_ms);
PSG_API psg_status psg_controller_viewport_changed(psg_controller *controller, double width, double height, double t_ms);

/** Effects of the last successful event, in order (0 for NULL). \since 0.1 */
PSG_API size_t psg_controller_effect_count(const psg_controller *controller);
/** PSG_EFFECT_*, or 0 when i is out of range. \since 0.1 */
PSG_API int32_t psg_controller_effect_type(const psg_controller *controller, size_t i);
/** The request id of a fetch or cancel effect, else 0. \since 0.1 */
PSG_API int64_t psg_controller_effect_request_id(const psg_controller *controller, size_t i);
/** The query of a fetch effect. \return PSG_OK, or PSG_ERR_INVALID_ARGUMENT when effect i is not a fetch. \since 0.1 */
PSG_API psg_status psg_controller_effect_query(const psg_controller *controller, size_t i, psg_query *out);

/** State: 1 while a fetch is in flight (0 for NULL). \since 0.1 */
PSG_API int32_t psg_controller_is_loading(const psg_controller *controller);
/** State: the pins shown, in response order. \since 0.1 */
PSG_API size_t psg_controller_pin_count(const psg_controller *controller);
/** Pin i's id, or NULL when out of range. \since 0.1 */
PSG_API const char *psg_controller_pin_id(const psg_controller *controller, size_t i);
/** The selected pin's id, or NULL when none. \since 0.1 */
PSG_API const char *psg_controller_selected_id(const psg_controller *controller);
/** A callout content field (PSG_CALLOUT_*) of the selected pin, or NULL when none or omitted. \since 0.1 */
PSG_API const char *psg_controller_callout_text(const psg_controller *controller, int32_t field);
/**
 * The selected pin's callout placement at the current camera, computed on the first request after
 * an event (a client that never asks pays nothing). The handle is not changed in any way a caller
 * can see: the result is only cached.
 * \return PSG_OK; PSG_ERR_INVALID_ARGUMENT when nothing is selected or for NULL arguments;
 *         PSG_ERR_PROJ or PSG_ERR_GEOS when the engine cannot place it.
 * \since 0.1
 */
PSG_API psg_status psg_controller_callout_placement(const psg_controller *controller, psg_callout_placement *out);
/**
 * The whole state as JSON (the replay format's "state"; a failed callout placement appears as
 * "calloutPlacementError"). Computed on first request after an event; owned by the controller,
 * valid until its next event. "" for NULL.
 * \since 0.1
 */
PSG_API const char *psg_controller_state_json(const psg_controller *controller);
/** The reason the last event failed, or "". \since 0.1 */
PSG_API const char *psg_controller_last_error(const psg_controller *controller);

#ifdef __cplusplus
}
#endif

#endif /* PETSPOT_GEO_H */
