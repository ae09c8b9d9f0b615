import Foundation

/// The periodic Hann window of `size` points (0 at the first, 1 in the middle): the taper every analysis frame here
/// is multiplied by before its spectrum or its energy is taken.
func hannWindow(_ size: Int) -> [Float] {
    (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
}
