#!/bin/sh
# Runs the Routing Service as it runs everywhere (npm run service, npm start, the
# image, the benches and the end-to-end tests): its build, by plain node, on jemalloc.
#
# - The build (scripts/build-service.ts, one ES module) is made again when a source
#   is newer than it; under tsx the service held more memory (docs/memory.md).
# - jemalloc (Debian: libjemalloc2) is preloaded when installed and SERVICE_ALLOCATOR
#   is not "system": glibc's allocator kept what the engines and image decoders freed,
#   and the service's memory grew with every document (docs/memory.md). Without
#   jemalloc, glibc with two arenas.
set -e
cd "$(dirname "$0")/.."

build=service/dist/main.mjs
if [ ! -f "$build" ] || [ -n "$(find service/src lib scripts/build-service.ts tsconfig.json -newer "$build" -print -quit)" ]; then
  node --import tsx scripts/build-service.ts
fi

if [ "${SERVICE_ALLOCATOR:-jemalloc}" = jemalloc ]; then
  case "${LD_PRELOAD:-}" in
    *libjemalloc*) ;;
    *)
      for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
        if [ -e "$lib" ]; then
          export LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$lib"
          break
        fi
      done
      ;;
  esac
fi
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node "$build"
