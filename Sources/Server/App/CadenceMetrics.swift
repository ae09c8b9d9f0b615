import Metrics
import Prometheus

/// One Prometheus registry per process: swift-metrics can be bootstrapped only once,
/// however many apps (tests build many) share the process.
enum CadenceMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
