// Box2D v3 peer for Scripts/profile.sh: the four standard scenes (../../../shared/bench/scenes.md,
// the same construction as the pyb2d3 harness box2d3_py_bench.py), built against a Box2D v3
// source tree (3.2 API: joints take localFrameA/B) compiled with its default options (SSE2,
// -O3 -DNDEBUG -ffp-contract=off, as its CMake Release build). One thread, sleeping off.
// The step loop is the function `bench_steps`, so callgrind can count it alone
// (--toggle-collect=bench_steps). Own code.
//
// Usage: box2d3_bench SCENE [runs]
// Output: box2d3 SCENE bodies=N steps=N ms_per_step=X ok=yes|no
#include <box2d/box2d.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXB 6000
static b2BodyId bodies[MAXB];
static int bodyCount;
static float topStartY;
static b2Vec2 anchors[20];

static b2ShapeDef shapeDef(float density)
{
	b2ShapeDef sd = b2DefaultShapeDef();
	sd.density = density;
	sd.material.friction = 0.6f;
	sd.material.restitution = 0.0f;
	return sd;
}

static b2BodyId addDynamic(b2WorldId w, float x, float y)
{
	b2BodyDef bd = b2DefaultBodyDef();
	bd.type = b2_dynamicBody;
	bd.position = (b2Vec2){ x, y };
	b2BodyId id = b2CreateBody(w, &bd);
	bodies[bodyCount++] = id;
	return id;
}

static b2BodyId addStatic(b2WorldId w)
{
	b2BodyDef bd = b2DefaultBodyDef();
	return b2CreateBody(w, &bd);
}

static void staticBox(b2BodyId g, float hx, float hy, float cx, float cy)
{
	b2ShapeDef sd = shapeDef(0.0f);
	b2Polygon p = b2MakeOffsetBox(hx, hy, (b2Vec2){ cx, cy }, b2Rot_identity);
	b2CreatePolygonShape(g, &sd, &p);
}

static void buildPyramid(b2WorldId w, int base)
{
	staticBox(addStatic(w), 100.0f, 1.0f, 0.0f, -1.0f);
	b2ShapeDef sd = shapeDef(1.0f);
	b2Polygon box = b2MakeBox(0.5f, 0.5f);
	for (int i = 0; i < base; ++i) {
		float y = 0.5f + 1.0f * i;
		for (int j = i; j < base; ++j) {
			float x = 0.5f * (i + 1) + 1.0f * (j - i) - 0.5f * base;
			b2CreatePolygonShape(addDynamic(w, x, y), &sd, &box);
		}
	}
	topStartY = b2Body_GetPosition(bodies[bodyCount - 1]).y;
}

static void buildRain(b2WorldId w)
{
	b2BodyId g = addStatic(w);
	staticBox(g, 21.0f, 0.5f, 0.0f, -0.5f);
	staticBox(g, 0.5f, 40.0f, -20.5f, 40.0f);
	staticBox(g, 0.5f, 40.0f, 20.5f, 40.0f);
	b2ShapeDef sd = shapeDef(1.0f);
	b2Circle circle = { { 0.0f, 0.0f }, 0.5f };
	float spacing = 1.05f;
	for (int k = 0; k < 2000; ++k) {
		int r = k / 36, c = k % 36;
		float x = -0.5f * spacing * (float)(36 - 1) + spacing * (float)c + ((r & 1) ? 0.25f : 0.0f);
		float y = 2.0f + spacing * (float)r;
		b2CreateCircleShape(addDynamic(w, x, y), &sd, &circle);
	}
}

static void buildChains(b2WorldId w)
{
	b2BodyId ground = addStatic(w);
	b2ShapeDef sd = shapeDef(1.0f);
	b2Polygon box = b2MakeBox(0.25f, 0.0625f);
	for (int c = 0; c < 20; ++c) {
		float ax = 60.0f * c;
		anchors[c] = (b2Vec2){ ax, 0.0f };
		b2BodyId prev = ground;
		float prevX = 0.0f;
		for (int i = 0; i < 50; ++i) {
			float cx = ax + 0.5f * i + 0.25f;
			b2BodyId body = addDynamic(w, cx, 0.0f);
			b2CreatePolygonShape(body, &sd, &box);
			float px = ax + 0.5f * i;
			b2RevoluteJointDef jd = b2DefaultRevoluteJointDef();
			jd.base.bodyIdA = prev;
			jd.base.bodyIdB = body;
			jd.base.localFrameA.p = (b2Vec2){ px - prevX, 0.0f };
			jd.base.localFrameB.p = (b2Vec2){ px - cx, 0.0f };
			b2CreateRevoluteJoint(w, &jd);
			prev = body;
			prevX = cx;
		}
	}
}

static int check(const char* scene)
{
	if (strncmp(scene, "pyramid", 7) == 0)
		return fabsf(b2Body_GetPosition(bodies[bodyCount - 1]).y - topStartY) <= 1.0f;
	if (strcmp(scene, "rain") == 0) {
		for (int i = 0; i < bodyCount; ++i) {
			b2Vec2 p = b2Body_GetPosition(bodies[i]);
			if (!(p.x > -20.0f && p.x < 20.0f && p.y > 0.0f && p.y < 80.0f)) return 0;
		}
		return 1;
	}
	for (int c = 0; c < 20; ++c) {
		b2Vec2 prev = anchors[c];
		float rest = 0.25f;
		for (int i = 0; i < 50; ++i) {
			b2Vec2 p = b2Body_GetPosition(bodies[c * 50 + i]);
			if (hypotf(p.x - prev.x, p.y - prev.y) > 1.5f * rest) return 0;
			prev = p;
			rest = 0.5f;
		}
	}
	return 1;
}

// Kept out of line: callgrind's --toggle-collect names it.
__attribute__((noinline)) void bench_steps(b2WorldId w, int steps)
{
	for (int i = 0; i < steps; ++i) b2World_Step(w, 1.0f / 60.0f, 4);
}

static int cmp(const void* a, const void* b)
{
	double x = *(const double*)a, y = *(const double*)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char** argv)
{
	const char* scene = argc > 1 ? argv[1] : "pyramid20";
	int runs = argc > 2 ? atoi(argv[2]) : 1;
	if (runs < 1 || runs > 64) runs = 1;
	int steps = strcmp(scene, "pyramid100") == 0 ? 500 : 600;
	double times[64];
	int ok = 1;
	for (int r = 0; r < runs; ++r) {
		b2WorldDef wd = b2DefaultWorldDef();
		wd.gravity = (b2Vec2){ 0.0f, -10.0f };
		wd.enableSleep = false;
		wd.workerCount = 1;
		b2WorldId w = b2CreateWorld(&wd);
		bodyCount = 0;
		if (strcmp(scene, "pyramid20") == 0) buildPyramid(w, 20);
		else if (strcmp(scene, "pyramid100") == 0) buildPyramid(w, 100);
		else if (strcmp(scene, "rain") == 0) buildRain(w);
		else if (strcmp(scene, "chains") == 0) buildChains(w);
		else { fprintf(stderr, "unknown scene %s\n", scene); return 2; }
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		bench_steps(w, steps);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		times[r] = ((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6) / steps;
		ok = ok && check(scene);
		b2DestroyWorld(w);
	}
	qsort(times, runs, sizeof(double), cmp);
	printf("box2d3 %s bodies=%d steps=%d ms_per_step=%.3f ok=%s\n", scene, bodyCount, steps, times[(runs - 1) / 2], ok ? "yes" : "no");
	return 0;
}
