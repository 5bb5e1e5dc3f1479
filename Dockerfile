# mcpschema GitHub Action image: a static binary on a small base with git.
# The runner builds this at the start of each job that uses the action.

FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/mcpschema/mcpschema/cmd/internal/app.Version=${VERSION}" \
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
# Docker actions run as root so that the mounted workspace and the runner's
# file commands (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) are writable.
USER root
ENTRYPOINT ["/usr/local/bin/mcpschema"]
