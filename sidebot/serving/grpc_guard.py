"""The gRPC side of the verifier server's door: a server interceptor that checks the token (the
``authorization`` metadata, as on REST) and the size of an inference request, in the REST side's words.

gRPC itself refuses a message past its ``grpc.max_receive_message_length`` (RESOURCE_EXHAUSTED, in gRPC's
words) before any of this runs: :func:`receive_limit` sets that a little above the cap, so a request just over
it is refused here in the same words as on REST, and a far bigger one is never read whole.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import grpc
from grpc.aio import ServerInterceptor

from sidebot.serving.limits import UNAUTHORIZED, Limits, authorized, too_many_bytes

# Liveness and readiness stay open for probes; loading and unloading models is turned off
OPEN_METHODS = {"ServerLive", "ServerReady", "ModelReady"}
REPOSITORY_METHODS = {"RepositoryModelLoad", "RepositoryModelUnload"}


def receive_limit(limits: Limits) -> int:
    """gRPC's own cap on a message: the request cap plus room for the message's framing."""
    return limits.max_bytes + 1024 * 1024


class GrpcGuard(ServerInterceptor):
    """The gRPC server's token check and request limits, as the REST guard's."""

    def __init__(self, token: str | None, limits: Limits) -> None:
        self.token = token
        self.limits = limits

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The handler of a call, or one that refuses it: without the token (except the open probes), to the
        model repository, or an inference request over the size cap."""
        handler = await continuation(details)
        if handler is None or handler.unary_unary is None:
            return handler
        method = details.method.rsplit("/", 1)[-1]
        metadata = dict(details.invocation_metadata or ())
        if method not in OPEN_METHODS and not authorized(metadata.get("authorization"), self.token):
            return _refusing(handler, grpc.StatusCode.UNAUTHENTICATED, UNAUTHORIZED)
        if method in REPOSITORY_METHODS:
            return _refusing(
                handler, grpc.StatusCode.PERMISSION_DENIED, "loading and unloading models is turned off"
            )
        if method != "ModelInfer":
            return handler
        inner, limits = handler.unary_unary, self.limits

        async def capped(request: Any, context: grpc.aio.ServicerContext) -> Any:
            size = request.ByteSize()
            if size > limits.max_bytes:
                await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, too_many_bytes(size, limits))
            return await inner(request, context)

        return grpc.unary_unary_rpc_method_handler(
            capped,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


def _refusing(handler: grpc.RpcMethodHandler, code: grpc.StatusCode, reason: str) -> grpc.RpcMethodHandler:
    async def refuse(request: Any, context: grpc.aio.ServicerContext) -> Any:
        await context.abort(code, reason)

    return grpc.unary_unary_rpc_method_handler(
        refuse,
        request_deserializer=handler.request_deserializer,
        response_serializer=handler.response_serializer,
    )
