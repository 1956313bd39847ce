/* Tilted and corner-form cameras through the C API (psg_camera_ex, API 0.3). */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "capi_check.h"
#include "petspot_geo.h"

static uint64_t state = 0x7117;
static double unit(void) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(state >> 11) * 0x1p-53;
}

/* The ground point (lat, lng) under screen point (x, y) of a pitch-form camera, from the model's
 * formula (flat rectangle, then the pinhole at D = (h/2) / tan(fov/2)). Returns 0 above the horizon. */
static int ground_under(const psg_camera_ex *c, double x, double y, double *lat, double *lng) {
  const double limit = 85.05112877980659;
  double cx = (c->lng + 180) / 360;
  double yc = 0.5 - atanh(sin(fmax(fmin(c->lat, limit), -limit) * M_PI / 180)) / (2 * M_PI);
  double north = fmin(c->lat + c->lat_delta / 2, limit), south = fmax(c->lat - c->lat_delta / 2, -limit);
  double yn = 0.5 - atanh(sin(north * M_PI / 180)) / (2 * M_PI), ys = 0.5 - atanh(sin(south * M_PI / 180)) / (2 * M_PI);
  double hy = fmax(yc - yn, ys - yc), hx = c->lng_delta / 720;
  if (hx * c->height < hy * c->width) hx = hy * c->width / c->height;
  double s = c->width / (2 * hx);
  double psi = c->pitch * M_PI / 180, dist = (c->height / 2) / tan(c->fov * M_PI / 360);
  double up = c->height / 2 - y, denominator = dist * cos(psi) - up * sin(psi);
  if (denominator <= 0) return 0;
  double k = up * dist / denominator, g = (x - c->width / 2) * (dist + k * sin(psi)) / dist;
  double a = g / s, b = k / s, t = c->heading * M_PI / 180;
  double X = cx + a * cos(t) + b * sin(t), Y = yc + a * sin(t) - b * cos(t);
  *lat = atan(sinh((0.5 - Y) * 2 * M_PI)) * 180 / M_PI;
  *lng = X * 360 - 180;
  return Y >= 0 && Y <= 1;
}

static psg_camera_ex pitched(double lat, double lng, double span, double heading, double pitch, double fov) {
  psg_camera_ex c;
  psg_camera_ex_init(&c);
  c.lat = lat, c.lng = lng, c.lat_delta = span, c.lng_delta = span, c.width = 390, c.height = 844;
  c.heading = heading, c.pitch = pitch, c.fov = fov;
  return c;
}

/* The corner form of a pitch-form camera (centre given); 0 when a corner is off the map. */
int capi_corner_form(const psg_camera_ex *c, psg_camera_ex *out) {
  psg_camera_ex_init(out);
  out->form = PSG_CAMERA_FORM_CORNERS;
  out->width = c->width, out->height = c->height, out->has_center = 1, out->lat = c->lat, out->lng = c->lng;
  double xs[4] = {0, c->width, c->width, 0}, ys[4] = {0, 0, c->height, c->height};
  for (int i = 0; i < 4; i++)
    if (!ground_under(c, xs[i], ys[i], &out->corners[2 * i], &out->corners[2 * i + 1])) return 0;
  return 1;
}

static void test_defaults_and_errors(psg_engine *engine) {
  psg_camera_ex c;
  psg_camera_ex_init(&c);
  CHECK(c.struct_size == sizeof(psg_camera_ex) && c.form == PSG_CAMERA_FORM_SPAN && c.fov == 36.86989764584402,
        "psg_camera_ex_init defaults");
  psg_camera_ex_init(NULL);
  psg_query q;
  CHECK(psg_engine_query_radius_ex(engine, NULL, &q) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  struct { psg_camera_ex camera; const char *field; } bad[8];
  int n = 0;
  bad[n].camera = pitched(52.23, 21.01, 0.05, 0, 80, 36.86989764584402), bad[n++].field = "pitch";
  bad[n].camera = pitched(52.23, 21.01, 0.05, 0, 10, 0), bad[n++].field = "fov";
  bad[n].camera = pitched(52.23, 21.01, 0.05, 0, 10, NAN), bad[n++].field = "fov";
  bad[n].camera = pitched(52.23, 21.01, 0.05, 0, 10, 40), bad[n].camera.struct_size = 8, bad[n++].field = "struct_size";
  psg_camera_ex city = pitched(52.23, 21.01, 0.05, 0, 60, 36.86989764584402);
  capi_corner_form(&city, &bad[n].camera), bad[n].camera.lat_delta = 1, bad[n++].field = "latDelta";
  capi_corner_form(&city, &bad[n].camera);
  double swap = bad[n].camera.corners[0];
  bad[n].camera.corners[0] = bad[n].camera.corners[4], bad[n].camera.corners[4] = swap, bad[n++].field = "corners";
  bad[n].camera = pitched(52.23, 21.01, 0.05, 0, 60, 36.86989764584402), bad[n].camera.form = 7, bad[n++].field = "form";
  for (int i = 0; i < n; i++) {
    psg_status s = psg_engine_query_radius_ex(engine, &bad[i].camera, &q);
    CHECK(s == PSG_ERR_INVALID_ARGUMENT && strcmp(psg_engine_last_error_field(engine), bad[i].field) == 0,
          "case %d: status %d, field '%s', expected '%s' (%s)", i, (int)s, psg_engine_last_error_field(engine),
          bad[i].field, psg_engine_last_error(engine));
  }
  /* The frozen psg_camera takes a pitch (default fov) and an unwrapped longitude since 0.3. */
  psg_camera old = {52.23, 381.01, 0.05, 0.05, 390, 844, 0, 60};
  psg_camera_ex ex = pitched(52.23, 21.01, 0.05, 0, 60, 36.86989764584402);
  psg_query a, b;
  CHECK(psg_engine_query_radius(engine, &old, &a) == PSG_OK && psg_engine_query_radius_ex(engine, &ex, &b) == PSG_OK,
        "both forms answer");
  CHECK(fabs(a.lng - 21.01) < 1e-9 && llabs(a.range - b.range) <= 1, "wrapped %.12f, ranges %lld / %lld", a.lng,
        (long long)a.range, (long long)b.range);
}

static void test_random_views(psg_engine *engine) {
  enum { N = 4000 };
  static double lat[N], lng[N];
  for (int i = 0; i < N; i++) lat[i] = 52 + unit() * 2 - 1, lng[i] = 21 + unit() * 2 - 1;
  psg_pins *indexed = NULL, *scanned = NULL;
  psg_pins_options options;
  psg_pins_options_init(&options);
  options.build_index = 0;
  psg_pins_create(lat, lng, NULL, N, NULL, &indexed);
  psg_pins_create(lat, lng, NULL, N, &options, &scanned);
  static uint32_t a[N], b[N], c[N];
  int differ = 0, corner_differ = 0, range_differ = 0, compared = 0, bad_query = 0;
  for (int k = 0; k < 400; k++) {
    double fov = 10 + unit() * 110, pitch = unit() * (90 - fov / 2 - 1e-3);
    psg_camera_ex cam = pitched(52 + unit() - 0.5, 21 + unit() - 0.5, 0.01 + unit() * 0.5, unit() * 720 - 360, pitch, fov);
    size_t na = 0, nb = 0, nc = 0;
    if (psg_pins_visible_ex(indexed, &cam, 0, a, N, &na) != PSG_OK ||
        psg_pins_visible_ex(scanned, &cam, 0, b, N, &nb) != PSG_OK || na != nb || memcmp(a, b, na * sizeof a[0]))
      differ++;
    psg_query q, qc;
    if (psg_engine_query_radius_ex(engine, &cam, &q) != PSG_OK || !isfinite(q.zoom) || q.range <= 0) bad_query++;
    psg_camera_ex corners;
    if (!capi_corner_form(&cam, &corners)) continue;
    compared++;
    if (psg_pins_visible_ex(indexed, &corners, 0, c, N, &nc) != PSG_OK || (nc > na ? nc - na : na - nc) > 2)
      corner_differ++;
    if (psg_engine_query_radius_ex(engine, &corners, &qc) != PSG_OK || llabs(qc.range - q.range) > 1 + q.range * 1e-6)
      range_differ++;
  }
  CHECK(differ == 0, "index and scan differ on %d tilted cameras", differ);
  CHECK(bad_query == 0, "%d tilted cameras without a finite query", bad_query);
  CHECK(compared > 100 && corner_differ == 0 && range_differ == 0,
        "corner form vs pitch form: %d compared, %d pruning and %d range differences", compared, corner_differ,
        range_differ);
  /* Padding reaching the horizon is an error naming padding. */
  psg_camera_ex steep = pitched(52.23, 21.01, 0.05, 0, 70, 36);
  size_t count = 0;
  CHECK(psg_pins_visible_ex(indexed, &steep, 5000, a, N, &count) == PSG_ERR_INVALID_ARGUMENT &&
            strstr(psg_pins_last_error(indexed), "padding") != NULL,
        "padding beyond the horizon: %s", psg_pins_last_error(indexed));
  psg_pins_destroy(indexed);
  psg_pins_destroy(scanned);
}

static void test_clusters(psg_engine *engine) {
  enum { N = 3000 };
  static double lat[N], lng[N];
  for (int i = 0; i < N; i++) lat[i] = 52.23 + unit() * 0.4 - 0.2, lng[i] = 21.01 + unit() * 0.6 - 0.3;
  psg_pins *pins = NULL;
  psg_pins_create(lat, lng, NULL, N, NULL, &pins);
  psg_cluster_index *index = NULL;
  psg_cluster_index_create(pins, NULL, &index);
  psg_camera_ex cam = pitched(52.23, 21.01, 0.05, 30, 60, 36.86989764584402);
  psg_cluster_result *result = NULL;
  CHECK(psg_cluster_index_query_ex(index, &cam, &result) == PSG_OK, "tilted query: %s", psg_cluster_index_last_error(index));
  size_t n = psg_cluster_result_count(result), close = 0;
  psg_cluster_item items[512];
  for (size_t i = 0; i < n && i < 512; i++) psg_cluster_result_item(result, i, &items[i]);
  for (size_t i = 0; i < n && i < 512; i++)
    for (size_t j = i + 1; j < n && j < 512; j++)
      if (hypot(items[i].x - items[j].x, items[i].y - items[j].y) < 44 * (1 - 1e-9)) close++;
  CHECK(n > 10 && close == 0, "%zu items, %zu pairs closer than 44 pt", n, close);
  for (size_t i = 0; i < n && i < 512; i++) {
    if (items[i].kind != PSG_ITEM_CLUSTER) continue;
    psg_camera_ex zoomed;
    psg_status s = psg_cluster_index_zoom_camera_ex(index, items[i].cluster_id, &cam, &zoomed);
    CHECK(s == PSG_OK && zoomed.heading == 30 && zoomed.pitch == 60 && zoomed.width == 390,
          "tap-to-zoom keeps heading and pitch: %s", psg_cluster_index_last_error(index));
    break;
  }
  psg_cluster_result_destroy(result);
  psg_camera_ex corners;
  capi_corner_form(&cam, &corners);
  CHECK(psg_cluster_index_query_ex(index, &corners, &result) == PSG_OK && psg_cluster_result_count(result) > 10,
        "corner-form query: %s", psg_cluster_index_last_error(index));
  psg_cluster_result_destroy(result);
  CHECK(psg_cluster_index_query_ex(index, NULL, &result) == PSG_ERR_INVALID_ARGUMENT, "NULL camera");
  psg_controller *controller = NULL;
  CHECK(psg_controller_create(engine, NULL, &controller) == PSG_OK, "controller");
  CHECK(psg_controller_appear_ex(controller, &cam, 0) == PSG_OK && psg_controller_camera_changed_ex(controller, &corners, 1) == PSG_OK &&
            psg_controller_gesture_ended_ex(controller, &corners, 2) == PSG_OK,
        "controller events with tilted cameras");
  CHECK(psg_controller_appear_ex(controller, NULL, 3) != PSG_OK, "NULL camera event");
  psg_controller_destroy(controller);
  psg_cluster_index_destroy(index);
  psg_pins_destroy(pins);
}

void test_tilted(psg_engine *engine) {
  test_defaults_and_errors(engine);
  test_random_views(engine);
  test_clusters(engine);
}
