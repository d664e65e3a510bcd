// A fixture of scripts/check-layers.sh: the later layer, which may name the earlier one's types and extend them.
final class LateType {
  let early = EarlyType()
}

enum LateProtocolBox {}

extension EarlyType {
  var lateOne: LateType { LateType() }
}
