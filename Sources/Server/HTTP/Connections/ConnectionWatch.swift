import NIOCore

/// A connection's timeline with the one timer that enforces it. Lives on the channel's event loop, owned by a handler.
///
/// The timer is moved only when the deadline comes earlier; when it fires early (the deadline moved later, as
/// bytes came) it sets itself again, so a steady stream of reads costs no rescheduling.
final class ConnectionWatch {
    var timeline: ConnectionTimeline
    private var scheduled: Scheduled<Void>?
    private var scheduledAt: NIODeadline?
    private let expire: (ChannelHandlerContext, ConnectionTimeline.Expiry) -> Void

    init(limits: ConnectionLimits, expire: @escaping (ChannelHandlerContext, ConnectionTimeline.Expiry) -> Void) {
        self.timeline = ConnectionTimeline(limits: limits, now: .now())
        self.expire = expire
    }

    /// Call after each change to the timeline.
    func check(_ context: ChannelHandlerContext) {
        guard let deadline = timeline.deadline else { return }
        if let scheduledAt, scheduledAt <= deadline { return }
        scheduled?.cancel()
        scheduledAt = deadline
        scheduled = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            scheduled = nil
            scheduledAt = nil
            guard let due = timeline.deadline else { return }
            if due > .now() {
                check(context)
            } else {
                expire(context, timeline.expiry)
            }
        }
    }

    func stop() {
        scheduled?.cancel()
        scheduled = nil
        scheduledAt = nil
    }
}
