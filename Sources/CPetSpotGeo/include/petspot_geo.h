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
#define PSG_VERSION_MINOR 1
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
 * "petspot-geo 0.1.0 (PROJ 9.1.1, GEOS 3.11.1-CAPI-1.17.1)". Static storage; thread-safe.
 * \since 0.1
 */
PSG_API const char *psg_version_string(void);

/* ---------------------------------------------------------------- status codes */

/** Result of every fallible call. Codes are grouped PROJ-style by hundreds. */
typedef int32_t psg_status;

#define PSG_OK 0                      /**< Success. */
#define PSG_ERR_INVALID_ARGUMENT 100  /**< A NULL pointer or an invalid value (see last_error). */
#define PSG_ERR_BUFFER_TOO_SMALL 101  /**< The caller's buffer is too small; the count needed was written. */
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
 * A map camera (shared/spec/camera.md): centre, requested span, viewport and rotation.
 * This struct is frozen; a future field would come with a psg_camera_v2.
 */
typedef struct psg_camera {
  double lat;        /**< Centre latitude, degrees in [-90, 90]. */
  double lng;        /**< Centre longitude, degrees in [-180, 180]. */
  double lat_delta;  /**< Requested north-south span, degrees, > 0. */
  double lng_delta;  /**< Requested east-west span, degrees, > 0 (may exceed 360). */
  double width;      /**< Viewport width, points, > 0. */
  double height;     /**< Viewport height, points, > 0. */
  double heading;    /**< Rotation, degrees clockwise from north, any finite value. */
  double pitch;      /**< Tilt; must be 0 (tilted cameras are not supported yet). */
} psg_camera;

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

#ifdef __cplusplus
}
#endif

#endif /* PETSPOT_GEO_H */
