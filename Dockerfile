# mcpschema image: a static binary on a small base with git and CA certificates.
# The release workflow builds it for linux/amd64 and linux/arm64 and pushes
# ghcr.io/mcpschema/mcpschema:<version> and :<major>; a released tag's
# action.yml runs that image. On main, action.yml still builds this file (so the
# working tree is what `uses: ./` tests).
#
# Needs BuildKit (FROM --platform=$BUILDPLATFORM below): the default builder on
# GitHub-hosted runners and with Docker 23+ and buildx. The classic builder
# fails on the first FROM ("failed to parse platform"); on a self-hosted
# runner with an older Docker set DOCKER_BUILDKIT=1 in the runner's
# environment (its .env file), or use a released tag, which pulls the image.
#
# Base images: pinned by tag only. Their digests could not be looked up where
# this file was written (no registry access). On GitHub, Renovate
# (.github/renovate.json, "pinDigests") opens a pull request that rewrites
# each FROM as golang:1.26-alpine@sha256:<digest> (and alpine:3.22@…);
# from then on Dependabot's docker updates (.github/dependabot.yml) refresh
# tag and digest together, weekly.
# By hand: docker buildx imagetools inspect golang:1.26-alpine (and alpine:3.22)
# gives the digest. .ci/image builds this file unchanged on local test
# stand-ins tagged with these names (no registry there).

# The compiler runs on the build machine's platform and cross-compiles, so a
# multi-arch build needs no emulation.
FROM --platform=$BUILDPLATFORM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# Set by BuildKit (the default builder); without them, the build machine's own.
ARG TARGETOS
ARG TARGETARCH
ARG VERSION=dev
ARG COMMIT=
ARG DATE=
RUN CGO_ENABLED=0 GOOS="${TARGETOS:-linux}" GOARCH="${TARGETARCH:-$(go env GOARCH)}" go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X github.com/mcpschema/mcpschema/cmd/internal/app.Version=${VERSION} -X github.com/mcpschema/mcpschema/cmd/internal/app.Commit=${COMMIT} -X github.com/mcpschema/mcpschema/cmd/internal/app.Date=${DATE}" \
      -o /out/mcpschema ./cmd/mcpschema

FROM alpine:3.22
# git reads the base and head commits (and fetches them from a shallow
# checkout). The workspace is mounted from the runner with another owner, so
# mark it safe ("detected dubious ownership" otherwise, actions/runner#2033);
# '*' also covers checkouts into a subdirectory of the workspace.
RUN apk add --no-cache git ca-certificates \
 && git config --system --add safe.directory /github/workspace \
 && git config --system --add safe.directory '*'
COPY --from=build /out/mcpschema /usr/local/bin/mcpschema
LABEL org.opencontainers.image.source="https://github.com/mcpschema/mcpschema" \
      org.opencontainers.image.description="Lint MCP tool definitions and block breaking changes" \
      org.opencontainers.image.licenses="Apache-2.0"
# Docker actions run as root so that the mounted workspace and the runner's
# file commands (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) are writable.
USER root
ENTRYPOINT ["/usr/local/bin/mcpschema"]
