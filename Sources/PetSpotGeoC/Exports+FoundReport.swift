// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

/// What a `psg_found_result *` points to: the validation outcome with its strings as C strings.
final class FoundResultHandle: CHandle {
  let valid: Bool
  let errors: [(field: OwnedCString, code: OwnedCString, message: OwnedCString)]
  let payload: OwnedCString?

  init(json bytes: [UInt8]) {
    do throws(InvalidInput) {
      let form = try FoundReportForm(json: try JSONParser.parse(bytes: bytes))
      do throws(FoundReportErrors) {
        let payload = try form.submit()
        (valid, errors, self.payload) = (true, [], OwnedCString(payload.json.serialized))
      } catch {
        (valid, self.payload) = (false, nil)
        errors = error.errors.map { (OwnedCString($0.field), OwnedCString($0.code), OwnedCString($0.message)) }
      }
    } catch {
      (valid, payload) = (false, nil)
      errors = [(OwnedCString(error.field ?? "form"), OwnedCString(error.code.rawValue), OwnedCString(error.message))]
    }
  }

}

@_cdecl("psg_found_report_validate")
public func psg_found_report_validate(
  _ formJSON: UnsafePointer<CChar>?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let formJSON, let outResult else { return PSG_ERR_INVALID_ARGUMENT }
  let handle = FoundResultHandle(json: CStringInput.bytes(formJSON))
  outResult.pointee = handle.retainedPointer
  return PSG_OK
}

@_cdecl("psg_found_result_destroy")
public func psg_found_result_destroy(_ result: OpaquePointer?) {
  FoundResultHandle.release(result)
}

@_cdecl("psg_found_result_valid")
public func psg_found_result_valid(_ result: OpaquePointer?) -> Int32 {
  FoundResultHandle.from(result)?.valid == true ? 1 : 0
}

@_cdecl("psg_found_result_error_count")
public func psg_found_result_error_count(_ result: OpaquePointer?) -> Int {
  FoundResultHandle.from(result)?.errors.count ?? 0
}

private func errorString(
  _ result: OpaquePointer?, _ index: UInt, _ part: (FoundResultHandle, Int) -> OwnedCString
) -> UnsafePointer<CChar>? {
  let i = Int(size: index)
  guard let handle = FoundResultHandle.from(result), i < handle.errors.count else { return nil }
  return part(handle, i).pointer
}

@_cdecl("psg_found_result_error_field")
public func psg_found_result_error_field(_ result: OpaquePointer?, _ i: UInt) -> UnsafePointer<CChar>? {
  errorString(result, i) { $0.errors[$1].field }
}

@_cdecl("psg_found_result_error_code")
public func psg_found_result_error_code(_ result: OpaquePointer?, _ i: UInt) -> UnsafePointer<CChar>? {
  errorString(result, i) { $0.errors[$1].code }
}

@_cdecl("psg_found_result_error_message")
public func psg_found_result_error_message(_ result: OpaquePointer?, _ i: UInt) -> UnsafePointer<CChar>? {
  errorString(result, i) { $0.errors[$1].message }
}

@_cdecl("psg_found_result_payload_json")
public func psg_found_result_payload_json(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
  FoundResultHandle.from(result)?.payload?.pointer
}

@_cdecl("psg_microchip_format")
public func psg_microchip_format(
  _ text: UnsafePointer<CChar>?, _ rawCaret: UInt, _ outText: UnsafeMutablePointer<CChar>?, _ rawCapacity: UInt,
  _ outLength: UnsafeMutablePointer<Int>?, _ outCaret: UnsafeMutablePointer<Int>?
) -> psg_status {
  guard let text, let outLength else { return PSG_ERR_INVALID_ARGUMENT }
  let (caret, capacity) = (Int(size: rawCaret), Int(size: rawCapacity))
  let formatted = MicrochipNumber.format(String(cString: text), caret: caret)
  outCaret?.pointee = formatted.caret
  return copyText(formatted.text, to: outText, capacity: capacity, length: outLength)
}
