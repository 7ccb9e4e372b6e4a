# The service's image, in two stages: `build` compiles the Rust core into a profile-guided wheel
# with maturin (scripts/pgo-wheel; scripts/test-deploy runs the other steps outside Docker, on a
# plain wheel, and the profile's training run on it); `runtime` installs that wheel into a slim
# Python image with no compiler, with its dependencies pinned by constraints.txt, and runs it as
# a non-root user.
#   docker build -t cardgame-analysis .
#   docker run -p 8000:8000 cardgame-analysis
# Settings come from the environment (HOST, PORT, WORKERS, REDIS_URL... see service/settings.py);
# WORKERS defaults to the CPUs the container may use (its cgroup CPU quota).

ARG BUILD_IMAGE=python:3.11-bookworm
ARG PYTHON_IMAGE=python:3.11-slim-bookworm
ARG RUST_IMAGE=rust:1.95-slim-bookworm

FROM ${RUST_IMAGE} AS rust

FROM ${BUILD_IMAGE} AS build
ENV RUSTUP_HOME=/usr/local/rustup \
    CARGO_HOME=/usr/local/cargo \
    PATH=/usr/local/cargo/bin:$PATH \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --from=rust /usr/local/rustup /usr/local/rustup
COPY --from=rust /usr/local/cargo /usr/local/cargo
# llvm-profdata of rustc's LLVM major version (22 for rustc 1.95) merges the profile-guided
# build's counts; scripts/pgo-wheel checks that the two agree.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends llvm-22 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY .cargo ./.cargo
COPY solver ./solver
COPY service ./service
COPY scripts/pgo-wheel scripts/pgo_train.py ./scripts/
RUN scripts/pgo-wheel /dist

FROM ${PYTHON_IMAGE} AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --no-create-home --shell /usr/sbin/nologin app
COPY --from=build /dist /dist
# Every runtime dependency at the version pinned in constraints.txt (scripts/lock_runtime.py).
COPY constraints.txt /tmp/constraints.txt
RUN pip install --no-cache-dir --constraint /tmp/constraints.txt /dist/*.whl \
    && rm -rf /dist /tmp/constraints.txt
COPY docker/healthcheck.py /app/
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "/app/healthcheck.py"]
ENTRYPOINT ["python", "-m", "service"]
