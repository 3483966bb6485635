//! The lab's module: [`eight_app::lab`] exported to the page's script over the module's
//! linear memory, with no generated glue. The script asks for an input buffer of a request's
//! length ([`lab_input`]), writes the request's JSON into it, calls [`lab_answer`], and reads the
//! answer's JSON from [`lab_output`] (its length is what `lab_answer` returned).
//!
//! The page runs each request in a Web Worker, on a fresh instance of the module: a search never
//! freezes the page, the page can stop one by ending its worker, and no request sees what an
//! earlier one left in the library's memory.

use std::cell::RefCell;

#[cfg(not(target_family = "wasm"))]
pub mod page;

thread_local! {
    /// The request the script writes, and the answer it reads.
    static BUFFERS: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// The address of an input buffer of `length` bytes, for the script to write a request into.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn lab_input(length: usize) -> usize {
    BUFFERS.with_borrow_mut(|(input, _)| {
        input.clear();
        input.resize(length, 0);
        input.as_mut_ptr() as usize
    })
}

/// Answers the request in the input buffer; the answer's length in bytes.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn lab_answer() -> usize {
    BUFFERS.with_borrow_mut(|(input, output)| {
        let request = String::from_utf8_lossy(input);
        *output = eight_app::lab::answer(&request).into_bytes();
        output.len()
    })
}

/// The address of the last answer.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn lab_output() -> usize {
    BUFFERS.with_borrow(|(_, output)| output.as_ptr() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_written_to_the_input_is_answered_in_the_output() {
        let request = br#"{"do": "solve", "size": "3x2", "board": "1 2 3 4 0 5", "algo": "bfs"}"#;
        lab_input(request.len());
        BUFFERS.with_borrow_mut(|(input, _)| input.copy_from_slice(request));
        let length = lab_answer();
        let answer = BUFFERS.with_borrow(|(_, output)| String::from_utf8(output.clone()));
        let answer = answer.expect("an answer in UTF-8");
        assert_eq!(answer.len(), length);
        assert!(answer.contains(r#""path":"r""#), "{answer}");
    }
}
