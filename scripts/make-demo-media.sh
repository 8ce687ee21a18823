#!/usr/bin/env bash
# Makes the three demo lesson clips in server/seed/media/ (committed; the seed stores them in the
# lesson-media bucket). Needs ffmpeg with libvpx, libx264 and drawtext; never run at start or in CI.
# Each clip: 6 s of a coloured background with its title, 426×240, silent, as WebM (VP9, which
# every Chromium plays) and MP4 (H.264 baseline with the index first, for phones), plus English
# captions (WebVTT). Run from the repository root: bash scripts/make-demo-media.sh
set -euo pipefail
out=server/seed/media
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$out"

clip() {
  local n=$1 colour=$2 title=$3
  local text="drawtext=fontfile=$font:text='$title':fontsize=40:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-18"
  local note="drawtext=fontfile=$font:text='Demo lesson video  %{eif\:t+1\:d} / 6':fontsize=16:fontcolor=white@0.85:x=(w-text_w)/2:y=h/2+30"
  # A progress bar sliding in along the bottom, so the picture moves.
  local graph="[0][1]overlay=x='-w+w*(t+1/24)/6':y=H-8,$text,$note"
  local inputs=(-f lavfi -i "color=c=$colour:s=426x240:r=24:d=6" -f lavfi -i "color=c=white:s=426x8:r=24:d=6")
  ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$graph" -an \
    -c:v libvpx-vp9 -b:v 0 -crf 34 -deadline good -cpu-used 2 -row-mt 1 -pix_fmt yuv420p "$out/demo-clip-$n.webm"
  ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$graph" -an \
    -c:v libx264 -profile:v baseline -level 3.0 -crf 26 -preset slow -pix_fmt yuv420p -movflags +faststart "$out/demo-clip-$n.mp4"
}

clip 1 0x1e3a8a "Key ideas"
clip 2 0x166534 "Worked example"
clip 3 0x6b21a8 "Recap"

captions() {
  local n=$1 first=$2 second=$3 third=$4
  printf 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n%s\n\n00:00:02.000 --> 00:00:04.000\n%s\n\n00:00:04.000 --> 00:00:06.000\n%s\n' "$first" "$second" "$third" > "$out/demo-clip-$n.vtt"
}

captions 1 "Welcome: here are the key ideas of this lesson." "Each idea comes with a short example." "Pause the video whenever you want to take notes."
captions 2 "Let's work through an example together." "First we write down what we know." "Then we check the answer makes sense."
captions 3 "Time for a quick recap." "Go over the ideas you found hardest." "Then try the checkpoint quiz."
