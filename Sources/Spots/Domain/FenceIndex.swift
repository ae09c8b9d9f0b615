import Foundation
import Geo

/// A spatial index over any number of fences (R6): which fences may contain a point,
/// without scanning them all.
///
/// Design: a uniform latitude/longitude grid. Rows are 0.05° of latitude (≈ 5.6 km);
/// each row is cut into as many longitude columns as keep cells about 5.6 km wide at
/// the row's equator-side edge (`cos(latitude)` scaling), so a row near the pole has
/// few (at the last rows, one) cells and the cell count stays ≈ 10 M world-wide, of
/// which only non-empty ones are stored (a dictionary from cell to slot numbers).
/// A fence is stored in every cell its circle's bounding "lat/lon box" touches; a
/// query visits the cells that the disc of radius `margin` around the point touches
/// (one cell nearly always) and checks the distance exactly.
///
/// - Antimeridian: column numbers wrap modulo the row's column count, so a circle at
///   179.99° E is also filed in the cells at −180° and found from either side.
/// - Poles: a circle that contains a pole (its latitude span passes ±90°) is filed in
///   every column of the rows it reaches; the longitude half-width of a circle is
///   `asin(sin δ / cos φ)`, which is exact for spherical caps that avoid the pole.
/// - A query whose margin would touch more cells than there are fences (an accuracy
///   of tens of km) scans all fences instead.
public struct FenceIndex: Sendable {
    static let rowHeight = 0.05
    static let rowCount = Int((180 / rowHeight).rounded())
    /// Column count per latitude row.
    static let columnCounts: [Int] = (0..<rowCount).map { row in
        let lo = -90 + Double(row) * rowHeight
        let hi = lo + rowHeight
        let nearestEquator = (lo <= 0 && hi >= 0) ? 0 : min(abs(lo), abs(hi))
        let cosφ = cos(Geo.radians(nearestEquator))
        return max(1, Int(360 * cosφ / rowHeight))
    }
    static let columnStride = 1 << 13   // > max column count (7200)

    struct Slot: Sendable {
        var fence: Fence
        var alive: Bool
    }

    /// What the hot loop reads per candidate: the centre as a unit vector and
    /// sin/cos of half the radius' central angle (so the radius + margin threshold
    /// needs no trigonometry per candidate).
    /// Copied into every cell the fence touches, so a query reads one contiguous
    /// list (random cells of a large index are cache misses; scattered slots would
    /// be one more miss per candidate).
    struct SlotGeometry: Sendable {
        var x: Double, y: Double, z: Double
        var sinHalf: Double, cosHalf: Double
        var slot: Int32
    }

    private var slots: [Slot] = []
    private var geometry: [SlotGeometry] = []
    private var freeSlots: [Int32] = []
    private var slotByID: [UUID: Int32] = [:]
    private var cells: [Int: [SlotGeometry]] = [:]

    public init(_ fences: [Fence] = []) {
        slots.reserveCapacity(fences.count)
        for fence in fences { insert(fence) }
    }

    /// Number of fences in the index.
    public var count: Int { slotByID.count }

    /// All fences, in no particular order.
    public var fences: [Fence] { slots.lazy.filter(\.alive).map(\.fence) }

    public func fence(id: UUID) -> Fence? {
        slotByID[id].map { slots[Int($0)].fence }
    }

    /// Inserts a fence, replacing one with the same id.
    public mutating func insert(_ fence: Fence) {
        remove(id: fence.id)
        let slot = Slot(fence: fence, alive: true)
        let v = Self.unitVector(fence.center)
        let half = fence.radius / (2 * Geo.earthRadius)
        let index: Int32
        if let free = freeSlots.popLast() {
            index = free
        } else {
            index = Int32(slots.count)
            slots.append(slot)
            geometry.append(SlotGeometry(x: 0, y: 0, z: 0, sinHalf: 0, cosHalf: 0, slot: index))
        }
        let g = SlotGeometry(x: v.x, y: v.y, z: v.z, sinHalf: sin(half), cosHalf: cos(half), slot: index)
        slots[Int(index)] = slot
        geometry[Int(index)] = g
        slotByID[fence.id] = index
        Self.forEachCell(around: fence.center, radius: fence.radius) { key in
            cells[key, default: []].append(g)
        }
    }

    public mutating func remove(id: UUID) {
        guard let index = slotByID.removeValue(forKey: id) else { return }
        let fence = slots[Int(index)].fence
        Self.forEachCell(around: fence.center, radius: fence.radius) { key in
            guard var list = cells.removeValue(forKey: key) else { return }
            if let at = list.firstIndex(where: { $0.slot == index }) { list.swapAt(at, list.count - 1); list.removeLast() }
            if !list.isEmpty { cells[key] = list }
        }
        slots[Int(index)].alive = false
        freeSlots.append(index)
    }

    /// Fences whose circle, widened by `margin` metres (e.g. the report's accuracy),
    /// may contain `point`: a superset of `containing(_:margin:)`, each fence once.
    public func candidates(near point: Coordinate, margin: Double) -> [Fence] {
        var result: [Fence] = []
        forEachCandidate(near: point, margin: margin) { result.append(slots[Int($0.slot)].fence) }
        return result
    }

    /// Fences whose circle widened by `margin` metres contains `point`, exactly:
    /// the same answer as `fences.filter { $0.contains(point, margin: margin) }`.
    public func containing(_ point: Coordinate, margin: Double = 0) -> [Fence] {
        var result: [Fence] = []
        forEachContaining(point, margin: margin) { result.append($0) }
        return result
    }

    /// `containing` without building an array.
    public func forEachContaining(_ point: Coordinate, margin: Double = 0, _ body: (Fence) -> Void) {
        let m = max(0, margin.isFinite ? margin : 0)
        if m > 1_000_000 {   // beyond the trigonometric shortcut below: decide each candidate exactly
            forEachCandidate(near: point, margin: m) { g in
                let fence = slots[Int(g.slot)].fence
                if fence.contains(point, margin: m) { body(fence) }
            }
            return
        }
        // Inside ⇔ chord(centre, point)² ≤ (2 sin((r + m) / 2R))², with
        // sin((r + m)/2R) = sin(r/2R)cos(m/2R) + cos(r/2R)sin(m/2R).
        let p = Self.unitVector(point)
        let halfMargin = m / (2 * Geo.earthRadius)
        let sinM: Double, cosM: Double
        if halfMargin < 0.01 {   // Taylor series, error < 1e-17 here
            let x2 = halfMargin * halfMargin
            sinM = halfMargin * (1 - x2 / 6 * (1 - x2 / 20))
            cosM = 1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30))
        } else {
            sinM = sin(halfMargin); cosM = cos(halfMargin)
        }
        forEachCandidate(near: point, margin: m, cosLatitude: p.cosφ) { g in
            let dx = g.x - p.x, dy = g.y - p.y, dz = g.z - p.z
            let chord2 = dx * dx + dy * dy + dz * dz
            let s = g.sinHalf * cosM + g.cosHalf * sinM
            let limit2 = 4 * s * s
            if chord2 < limit2 * (1 - 1e-8) {
                body(slots[Int(g.slot)].fence)
            } else if chord2 <= limit2 * (1 + 1e-8) {
                // Within rounding of the edge: decide exactly as Fence.contains (and a brute-force scan) does.
                let fence = slots[Int(g.slot)].fence
                if fence.contains(point, margin: m) { body(fence) }
            }
        }
    }

    @inline(__always) static func unitVector(_ c: Coordinate) -> (x: Double, y: Double, z: Double, cosφ: Double) {
        let φ = Geo.radians(c.latitude), λ = Geo.radians(c.longitude)
        let cosφ = cos(φ)
        return (cosφ * cos(λ), cosφ * sin(λ), sin(φ), cosφ)
    }

    // MARK: - Grid

    private func forEachCandidate(
        near point: Coordinate, margin: Double, cosLatitude: Double? = nil, _ body: (SlotGeometry) -> Void
    ) {
        let m = max(0, margin.isFinite ? margin : 0)
        // Fast path: the margin disc lies inside the point's own cell (nearly always).
        let δdeg = Geo.degrees(m / Geo.earthRadius) + 1e-7
        let r = Self.row(latitude: point.latitude)
        let rowBottom = -90 + Double(r) * Self.rowHeight
        if point.latitude - δdeg >= rowBottom, point.latitude + δdeg < rowBottom + Self.rowHeight {
            let cosφ = cosLatitude ?? cos(Geo.radians(point.latitude))
            let x = Geo.radians(δdeg) / cosφ
            if x < 0.01 {
                let Δλ = Geo.degrees(x) * 1.001   // ≥ asin(sin δ / cos φ) for x < 0.01
                let n = Self.columnCounts[r]
                let w = 360 / Double(n)
                let u = (point.longitude + 180) / w
                let c = Int(u.rounded(.down))
                let cellLeft = Double(c) * w - 180
                if point.longitude - Δλ >= cellLeft, point.longitude + Δλ < cellLeft + w {
                    if let list = cells[r * Self.columnStride + c % n] {
                        for i in list { body(i) }
                    }
                    return
                }
            }
        }
        if Self.cellEstimate(around: point, radius: m) > max(64, count) {
            for (i, slot) in slots.enumerated() where slot.alive { body(geometry[i]) }
            return
        }
        var first: [SlotGeometry]? = nil
        var gathered: [SlotGeometry] = []
        var cellsSeen = 0
        Self.forEachCell(around: point, radius: m) { key in
            guard let list = cells[key] else { return }
            cellsSeen += 1
            if cellsSeen == 1 { first = list; return }
            if cellsSeen == 2, let f = first { gathered.append(contentsOf: f) }
            gathered.append(contentsOf: list)
        }
        if cellsSeen == 1, let f = first {
            for i in f { body(i) }
        } else if cellsSeen > 1 {
            gathered.sort { $0.slot < $1.slot }
            var previous: Int32 = -1
            for g in gathered where g.slot != previous { body(g); previous = g.slot }
        }
    }

    @inline(__always) static func row(latitude: Double) -> Int {
        min(rowCount - 1, max(0, Int(((latitude + 90) / rowHeight).rounded(.down))))
    }

    /// Angular radius (radians) and longitude half-width (degrees, nil = all longitudes)
    /// of a disc, slightly widened against rounding.
    @inline(__always)
    static func extent(around center: Coordinate, radius: Double) -> (δdeg: Double, Δλ: Double?) {
        let δ = radius / Geo.earthRadius
        let δdeg = Geo.degrees(δ) + 1e-7
        if center.latitude + δdeg >= 90 || center.latitude - δdeg <= -90 || δ >= .pi / 2 { return (δdeg, nil) }
        let s = sin(δ) / cos(Geo.radians(center.latitude))
        if s >= 1 { return (δdeg, nil) }
        return (δdeg, Geo.degrees(asin(s)) * (1 + 1e-9) + 1e-7)
    }

    static func cellEstimate(around center: Coordinate, radius: Double) -> Int {
        let (δdeg, Δλ) = extent(around: center, radius: radius)
        let rows = row(latitude: min(90, center.latitude + δdeg)) - row(latitude: max(-90, center.latitude - δdeg)) + 1
        guard let Δλ else { return rows * columnCounts[row(latitude: 0)] }
        let n = columnCounts[row(latitude: center.latitude)]
        return rows * min(n, Int(2 * Δλ / (360 / Double(n))) + 2)
    }

    /// Calls `body` with the key of every cell the disc touches (each once).
    @inline(__always)
    static func forEachCell(around center: Coordinate, radius: Double, _ body: (Int) -> Void) {
        let (δdeg, Δλ) = extent(around: center, radius: radius)
        let rowLo = row(latitude: max(-90, center.latitude - δdeg))
        let rowHi = row(latitude: min(90, center.latitude + δdeg))
        for r in rowLo...rowHi {
            let n = columnCounts[r]
            let base = r * columnStride
            guard let Δλ else {
                for c in 0..<n { body(base + c) }
                continue
            }
            let w = 360 / Double(n)
            let cLo = Int(((center.longitude - Δλ + 180) / w).rounded(.down))
            let cHi = Int(((center.longitude + Δλ + 180) / w).rounded(.down))
            if cHi - cLo + 1 >= n {
                for c in 0..<n { body(base + c) }
            } else {
                for c in cLo...cHi { body(base + ((c % n) + n) % n) }
            }
        }
    }
}
