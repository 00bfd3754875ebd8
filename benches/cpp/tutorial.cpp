// Lode Vandevenne's textured raycaster (https://lodev.org/cgtutor/raycasting.html and
// raycasting2.html), written plainly in C++ as a peer for tilecaster's `tutor.` yardstick
// (src/cli/bench/yardsticks.rs): the same loops on the same map and camera path (a full turn
// from the tutorial's start, 22.5, 11.5, facing west, 66 degree field of view). Floor and
// ceiling cast by a scanline per row below the horizon (float, as the tutorial), every pixel;
// then one DDA per column and its wall drawn over them (the tutorial's other faces darkened).
// 64x64 textures generated as the tutorial does (the texels do not change the work).
//
// Not part of the build or the tests. Build and run (frame size, frames; prints the median
// frame in ms):
//   g++ -O3 -march=native -o /tmp/tutorial benches/cpp/tutorial.cpp
//   /tmp/tutorial 1920 1080 60
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const int TEX = 64;
static const char* GRID[24] = {
    "888888877777722212221222", "8.....877..7722...2...22", "8.3.3.87....72.........2",
    "8.333.87....72.........2", "8......................1", "8.....87....72.........2",
    "8.....87....72.........2", "8.....87....722...2...22", "8.....877.7772221222.222",
    "8.888.8.8.888444422...22", "88888888.8..86..42.....2", "4444444.8.8844..41.....1",
    "4.....48.8......42.....2", "6.....4.8.886...422...22", "4.....48.8..86..6222.222",
    "4.....4.8.884....6.5.5.5", "6.....4888888644665...55", "4....664666633333..5.5.5",
    "6....6.....43...3.5...55", "4....6.4..663....5.5.5.5", "4......................5",
    "4....6.6..663....5.5.5.5", "6....4.....63...3.5...55", "446646666466333335555555",
};

static int tile(int x, int y) {
    if (x < 0 || y < 0 || x >= 24 || y >= 24) return 1;
    char c = GRID[y][x];
    return c >= '1' && c <= '8' ? c - '0' : 0;
}

int main(int argc, char** argv) {
    int w = argc > 1 ? atoi(argv[1]) : 1920, h = argc > 2 ? atoi(argv[2]) : 1080;
    int frames = argc > 3 ? atoi(argv[3]) : 60;
    std::vector<uint32_t> tex[8];
    for (int i = 0; i < 8; i++) tex[i].resize(TEX * TEX);
    for (int x = 0; x < TEX; x++)
        for (int y = 0; y < TEX; y++) {
            int xorcolor = (x * 256 / TEX) ^ (y * 256 / TEX);
            int ycolor = y * 256 / TEX, xycolor = y * 128 / TEX + x * 128 / TEX;
            tex[0][TEX * y + x] = 65536 * 254 * (x != y && x != TEX - y);
            tex[1][TEX * y + x] = xycolor + 256 * xycolor + 65536 * xycolor;
            tex[2][TEX * y + x] = 256 * xycolor + 65536 * xycolor;
            tex[3][TEX * y + x] = xorcolor + 256 * xorcolor + 65536 * xorcolor;
            tex[4][TEX * y + x] = 256 * xorcolor;
            tex[5][TEX * y + x] = 65536 * 192 * (x % 16 && y % 16);
            tex[6][TEX * y + x] = 65536 * ycolor;
            tex[7][TEX * y + x] = 128 + 256 * 128 + 65536 * 128;
        }
    std::vector<uint32_t> buffer((size_t)w * h);
    std::vector<double> times;
    const double pos_x = 22.5, pos_y = 11.5, half = tan(33.0 * M_PI / 180.0);
    uint64_t sum = 0;
    for (int f = 0; f < frames + 3; f++) {
        double angle = (180.0 + 360.0 * f / frames) * M_PI / 180.0;
        double dir_x = cos(angle), dir_y = sin(angle);
        double plane_x = -dir_y * half, plane_y = dir_x * half;
        auto start = std::chrono::steady_clock::now();
        // Floor casting.
        const uint32_t *floor_t = tex[3].data(), *ceil_t = tex[6].data();
        for (int y = h / 2; y < h; y++) {
            float rx0 = dir_x - plane_x, ry0 = dir_y - plane_y;
            float rx1 = dir_x + plane_x, ry1 = dir_y + plane_y;
            float p = y + 0.5f - h / 2.0f;
            float row_distance = 0.5f * h / p;
            float step_x = row_distance * (rx1 - rx0) / w, step_y = row_distance * (ry1 - ry0) / w;
            float floor_x = pos_x + row_distance * rx0, floor_y = pos_y + row_distance * ry0;
            uint32_t* below = &buffer[(size_t)y * w];
            uint32_t* above = &buffer[(size_t)(h - y - 1) * w];
            for (int x = 0; x < w; ++x) {
                int cell_x = (int)floor_x, cell_y = (int)floor_y;
                int tx = (int)(TEX * (floor_x - cell_x)) & (TEX - 1);
                int ty = (int)(TEX * (floor_y - cell_y)) & (TEX - 1);
                floor_x += step_x;
                floor_y += step_y;
                below[x] = floor_t[TEX * ty + tx];
                above[x] = ceil_t[TEX * ty + tx];
            }
        }
        // Wall casting.
        for (int x = 0; x < w; x++) {
            double camera_x = 2.0 * (x + 0.5) / w - 1.0;
            double ray_x = dir_x + plane_x * camera_x, ray_y = dir_y + plane_y * camera_x;
            int map_x = (int)pos_x, map_y = (int)pos_y;
            double dx = std::abs(1 / ray_x), dy = std::abs(1 / ray_y);
            int step_x, step_y, side = 0;
            double side_x, side_y;
            if (ray_x < 0) step_x = -1, side_x = (pos_x - map_x) * dx;
            else step_x = 1, side_x = (map_x + 1.0 - pos_x) * dx;
            if (ray_y < 0) step_y = -1, side_y = (pos_y - map_y) * dy;
            else step_y = 1, side_y = (map_y + 1.0 - pos_y) * dy;
            while (true) {
                if (side_x < side_y) side_x += dx, map_x += step_x, side = 0;
                else side_y += dy, map_y += step_y, side = 1;
                if (tile(map_x, map_y) > 0) break;
            }
            double perp = side == 0 ? side_x - dx : side_y - dy;
            long line_height = (long)(h / perp);
            long draw_start = std::max(-line_height / 2 + h / 2, 0L);
            long draw_end = std::min(line_height / 2 + h / 2, (long)h - 1);
            const uint32_t* texture = tex[tile(map_x, map_y) - 1].data();
            double wall_x = side == 0 ? pos_y + perp * ray_y : pos_x + perp * ray_x;
            wall_x -= floor(wall_x);
            int tex_x = (int)(wall_x * TEX);
            if ((side == 0 && ray_x > 0) || (side == 1 && ray_y < 0)) tex_x = TEX - tex_x - 1;
            double step = 1.0 * TEX / line_height;
            double tex_pos = (draw_start - h / 2 + line_height / 2) * step;
            for (long y = draw_start; y < draw_end; y++) {
                int tex_y = (int)tex_pos & (TEX - 1);
                tex_pos += step;
                uint32_t colour = texture[TEX * tex_y + tex_x];
                if (side == 1) colour = (colour >> 1) & 8355711;
                buffer[(size_t)y * w + x] = colour;
            }
        }
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        sum += buffer[(size_t)(f % h) * w + f % w];
        if (f >= 3) times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    printf("%.3f\n", times[times.size() / 2]);
    fprintf(stderr, "(checksum %llu)\n", (unsigned long long)sum);
}
