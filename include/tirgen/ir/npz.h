// NumPy .npy / .npz files (np.save / np.savez): the format params files and golden
// inputs/outputs use. .npz is a zip archive of .npy members; stored (uncompressed) members are
// supported — np.savez writes those; np.savez_compressed (deflate) is rejected with a clear error.
#pragma once

#include <map>
#include <string>

#include "tirgen/ir/ndarray.h"

namespace tirgen {

/// Decodes .npy bytes (little-endian, C order). `what` names the source in errors.
NDArray ParseNpy(const std::string& bytes, const std::string& what = "<npy>");
/// Encodes `array` as .npy (format 1.0) bytes.
std::string SerializeNpy(const NDArray& array);

NDArray LoadNpy(const std::string& path);
void SaveNpy(const std::string& path, const NDArray& array);

/// name -> array; member "w.npy" is named "w".
std::map<std::string, NDArray> ParseNpz(const std::string& bytes, const std::string& what = "<npz>");
std::string SerializeNpz(const std::map<std::string, NDArray>& arrays);

std::map<std::string, NDArray> LoadNpz(const std::string& path);
void SaveNpz(const std::string& path, const std::map<std::string, NDArray>& arrays);

}  // namespace tirgen
