#!/usr/bin/env bash
# Interleaved cold builds of ssodocs and Docusaurus, then warm rebuilds. Results in logs/ and results.tsv.
set -u
B=${BENCH_DIR:-/tmp/docubench}
# The ssodocs checkout to time (compiled with npm run build:tool, and not edited while this runs).
SSODOCS_DIR=${SSODOCS_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
mkdir -p $B/logs
ROUNDS=${ROUNDS:-5}
WARM=${WARM:-3}
TSV=$B/results.tsv
echo -e "tool\tkind\tround\twall_s\tmaxrss_kb\tloadavg_before\tutc" > $TSV
echo "START $(date -u +%FT%TZ) $(uptime)" > $B/logs/load.txt

run_ssodocs() { # kind round cachedir
  local kind=$1 n=$2 cache=$3 log=$B/logs/ssodocs-$1-$2.log
  local load; load=$(cut -d' ' -f1-3 /proc/loadavg)
  ( cd $SSODOCS_DIR && /usr/bin/time -o $log.time -f "%e s %M KB" node bin/ssodocs.mjs build \
      --config scripts/upstream.config.ts --out $B/ssodocs-out --cache-dir $cache ) > $log 2>&1
  echo "rc=$?" >> $log
  read -r wall _ rss _ < $log.time
  echo -e "ssodocs\t$kind\t$n\t$wall\t$rss\t$load\t$(date -u +%T)" >> $TSV
}
run_docusaurus() { # kind round
  local kind=$1 n=$2 log=$B/logs/docusaurus-$1-$2.log
  local load; load=$(cut -d' ' -f1-3 /proc/loadavg)
  ( cd $B/docusaurus && /usr/bin/time -o $log.time -f "%e s %M KB" npx docusaurus build ) > $log 2>&1
  echo "rc=$?" >> $log
  read -r wall _ rss _ < $log.time
  echo -e "docusaurus\t$kind\t$n\t$wall\t$rss\t$load\t$(date -u +%T)" >> $TSV
}

for n in $(seq 1 $ROUNDS); do
  # ssodocs cold: new, empty cache folder and no output folder
  rm -rf $B/ssodocs-out $B/cache-$n
  run_ssodocs cold $n $B/cache-$n
  # Docusaurus cold: no generated files, no output, no Rspack/Babel caches
  ( cd $B/docusaurus && rm -rf .docusaurus build node_modules/.cache )
  run_docusaurus cold $n
done
# Warm: nothing changed since the last cold build; caches and output folders kept.
for n in $(seq 1 $WARM); do
  run_ssodocs warm $n $B/cache-$ROUNDS
  run_docusaurus warm $n
done
echo "END $(date -u +%FT%TZ) $(uptime)" >> $B/logs/load.txt
